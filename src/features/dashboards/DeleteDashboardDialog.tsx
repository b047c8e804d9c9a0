// Deleting a dashboard asks first: it disappears from everyone's Viewer menu.
import { useDeleteDashboardMutation, type Dashboard } from '../../api/dashboardsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmAction } from '../../components/useConfirmAction';

interface DeleteDashboardDialogProps {
  dashboard: Dashboard;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

export function DeleteDashboardDialog({ dashboard, onClose, onDeleted }: DeleteDashboardDialogProps) {
  const [remove] = useDeleteDashboardMutation();
  const confirming = useConfirmAction(
    () => remove(dashboard.id),
    () => onDeleted(`Dashboard "${dashboard.name}" deleted.`),
  );

  return (
    <ConfirmDialog
      title={`Delete dashboard "${dashboard.name}"?`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      variant="danger"
      {...confirming}
      onCancel={onClose}
    >
      <p className="mb-0">It will no longer appear in the Viewer menu of anyone in your organisation.</p>
    </ConfirmDialog>
  );
}
