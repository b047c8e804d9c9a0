// /app/dashboard/default: admins manage the dashboards their organisation sees in the Viewer.
import { useEffect, useRef, useState } from 'react';
import { PlusLg } from 'react-bootstrap-icons';
import { useListDashboardsQuery, useReorderDashboardsMutation, type Dashboard } from '../../api/dashboardsApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { QueryResult } from '../../components/QueryResult';
import { DashboardFormDialog } from './DashboardFormDialog';
import { DashboardsTable, moveButtonId, movedIds, type MoveDirection } from './DashboardsTable';
import { DeleteDashboardDialog } from './DeleteDashboardDialog';
import { mutationOutcome } from '../../api/useMutationFeedback';

type Dialog = { kind: 'add' } | { kind: 'edit'; dashboard: Dashboard } | { kind: 'delete'; dashboard: Dashboard } | null;

export default function DashboardsPage() {
  const list = useListDashboardsQuery();
  const dashboards = list.data;
  const [reorder, reordering] = useReorderDashboardsMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const lastMove = useRef<{ id: string; direction: MoveDirection } | null>(null);

  // Moving a row re-inserts it in the DOM, which drops focus: put it back on the same button,
  // or on its twin when the row reached the top or bottom.
  useEffect(() => {
    const moved = lastMove.current;
    if (!moved) return;
    const other: MoveDirection = moved.direction === 'up' ? 'down' : 'up';
    const same = document.getElementById(moveButtonId(moved.id, moved.direction)) as HTMLButtonElement | null;
    const target = same && !same.disabled ? same : document.getElementById(moveButtonId(moved.id, other));
    if (target && document.activeElement !== target) target.focus();
    if (!reordering.isLoading) lastMove.current = null;
  }, [reordering.isLoading, dashboards]);

  const move = async (dashboard: Dashboard, direction: MoveDirection) => {
    // One move at a time: the next one must start from the saved order.
    if (!dashboards || reordering.isLoading) return;
    const ids = movedIds(dashboards, dashboard.id, direction);
    if (!ids) return;
    setMoveError(null);
    setNotice(null);
    lastMove.current = { id: dashboard.id, direction };
    const outcome = mutationOutcome(await reorder(ids));
    if (!outcome.ok) setMoveError(outcome.message);
    else setNotice(`Moved "${dashboard.name}" ${direction}.`);
  };

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  const content = (
    <QueryResult query={list} retryInPlace loadingLabel="Loading dashboards…" errorTitle="The dashboards could not be loaded">
      {(loaded) =>
        loaded.length === 0 ? (
          <EmptyState title="No dashboards yet">
            <p className="text-body-secondary">Add the first one and it appears in everyone's Viewer menu.</p>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
              Add a dashboard
            </button>
          </EmptyState>
        ) : (
          <div className="card dw-card">
            <div className="card-body">
              <DashboardsTable
                dashboards={loaded}
                moving={reordering.isLoading}
                onMove={(dashboard, direction) => void move(dashboard, direction)}
                onEdit={(dashboard) => setDialog({ kind: 'edit', dashboard })}
                onDelete={(dashboard) => setDialog({ kind: 'delete', dashboard })}
              />
            </div>
          </div>
        )
      }
    </QueryResult>
  );

  return (
    <section aria-labelledby="dashboards-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h1 id="dashboards-title" className="h3 mb-1">
            Dashboards
          </h1>
          <p className="text-body-secondary mb-0">The dashboards your organisation sees in the Viewer menu, in this order.</p>
        </div>
        {dashboards && dashboards.length > 0 ? (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            <PlusLg aria-hidden /> Add a dashboard
          </button>
        ) : null}
      </div>
      <div role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
        {notice}
      </div>
      {moveError ? <ErrorAlert title="The new order could not be saved" message={moveError} /> : null}
      {content}
      {dialog?.kind === 'add' ? <DashboardFormDialog dashboard={null} onClose={() => setDialog(null)} onSaved={done} /> : null}
      {dialog?.kind === 'edit' ? <DashboardFormDialog dashboard={dialog.dashboard} onClose={() => setDialog(null)} onSaved={done} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDashboardDialog dashboard={dialog.dashboard} onClose={() => setDialog(null)} onDeleted={done} />
      ) : null}
    </section>
  );
}
