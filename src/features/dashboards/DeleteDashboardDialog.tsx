// Deleting a dashboard asks first: it disappears from everyone's Viewer menu.
import { useState } from 'react';
import { apiErrorMessage } from '../../api/apiError';
import { useDeleteDashboardMutation, type Dashboard } from '../../api/dashboardsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface DeleteDashboardDialogProps {
  dashboard: Dashboard;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

export function DeleteDashboardDialog({ dashboard, onClose, onDeleted }: DeleteDashboardDialogProps) {
  const [remove, { isLoading }] = useDeleteDashboardMutation();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    const result = await remove(dashboard.id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error));
      return;
    }
    onDeleted(`Dashboard "${dashboard.name}" deleted.`);
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
