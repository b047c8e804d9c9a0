// Deleting a dashboard asks first: it disappears from everyone's Viewer menu.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { apiErrorMessage } from '../../api/apiError';
import { useDeleteDashboardMutation, type Dashboard } from '../../api/dashboardsApi';

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

  // While the request runs the dialog stays open (no backdrop click, no Escape): closing it
  // would hide the outcome.
  return (
    <Modal show onHide={onClose} aria-labelledby="delete-dashboard-title" backdrop={isLoading ? 'static' : true} keyboard={!isLoading}>
      <Modal.Header closeButton>
        <Modal.Title id="delete-dashboard-title" as="h2" className="h5">
          Delete dashboard "{dashboard.name}"?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">It will no longer appear in the Viewer menu of anyone in your organisation.</p>
        {error ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={isLoading} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={isLoading}>
          {isLoading ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
