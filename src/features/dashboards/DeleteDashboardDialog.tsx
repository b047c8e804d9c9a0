// Deleting a dashboard asks first: it disappears from everyone's Viewer menu.
import { useDeleteDashboardMutation, type Dashboard } from '../../api/dashboardsApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface DeleteDashboardDialogProps {
  dashboard: Dashboard;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

export function DeleteDashboardDialog({ dashboard, onClose, onDeleted }: DeleteDashboardDialogProps) {
  const [remove, { isLoading }] = useDeleteDashboardMutation();
  const { run, error } = useMutationFeedback();

  const confirm = async () => {
    if ((await run(() => remove(dashboard.id))).ok) onDeleted(`Dashboard "${dashboard.name}" deleted.`);
  };

  return (
    <ConfirmDialog
      title={`Delete dashboard "${dashboard.name}"?`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      variant="danger"
      busy={isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p className="mb-0">It will no longer appear in the Viewer menu of anyone in your organisation.</p>
    </ConfirmDialog>
  );
}
