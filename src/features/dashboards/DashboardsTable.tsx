// The organisation's dashboards in menu order, each with its actions. Moving uses buttons,
// not drag and drop, so it works from the keyboard and with assistive technology.
import { ArrowDown, ArrowUp, PencilSquare, Trash } from 'react-bootstrap-icons';
import type { Dashboard } from '../../api/dashboardsApi';
import { SimpleTable } from '../../components/SimpleTable';

export type MoveDirection = 'up' | 'down';

interface DashboardsTableProps {
  dashboards: readonly Dashboard[];
  /** A new order is being saved (the buttons stay focusable; the page ignores new moves). */
  moving: boolean;
  onMove: (dashboard: Dashboard, direction: MoveDirection) => void;
  onEdit: (dashboard: Dashboard) => void;
  onDelete: (dashboard: Dashboard) => void;
}

export const moveButtonId = (id: string, direction: MoveDirection) => `dashboard-move-${direction}-${id}`;

export function DashboardsTable({ dashboards, moving, onMove, onEdit, onDelete }: DashboardsTableProps) {
  return (
    <SimpleTable
      caption="Dashboards of your organisation, in menu order"
      className="table align-middle mb-0"
      rows={dashboards}
      columns={[
        { header: 'Order', cell: (dashboard) => dashboard.order },
        { header: 'Name', rowHeader: true, cellClassName: 'fw-semibold', cell: (dashboard) => dashboard.name },
        {
          header: 'Address',
          cellClassName: 'text-break',
          cell: (dashboard) => (
            <a href={dashboard.url} target="_blank" rel="noopener noreferrer">
              {dashboard.url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ),
        },
        {
          header: 'Actions',
          className: 'text-end',
          cellClassName: '',
          cell: (dashboard, index) => (
            <div className="d-flex flex-wrap justify-content-end gap-1">
              <button
                type="button"
                id={moveButtonId(dashboard.id, 'up')}
                className="btn btn-sm btn-outline-secondary"
                aria-label={`Move ${dashboard.name} up`}
                title="Move up"
                aria-busy={moving || undefined}
                disabled={index === 0}
                onClick={() => onMove(dashboard, 'up')}
              >
                <ArrowUp aria-hidden />
              </button>
              <button
                type="button"
                id={moveButtonId(dashboard.id, 'down')}
                className="btn btn-sm btn-outline-secondary"
                aria-label={`Move ${dashboard.name} down`}
                title="Move down"
                aria-busy={moving || undefined}
                disabled={index === dashboards.length - 1}
                onClick={() => onMove(dashboard, 'down')}
              >
                <ArrowDown aria-hidden />
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`Edit ${dashboard.name}`}
                onClick={() => onEdit(dashboard)}
              >
                <PencilSquare aria-hidden /> <span className="d-none d-md-inline">Edit</span>
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Delete ${dashboard.name}`}
                onClick={() => onDelete(dashboard)}
              >
                <Trash aria-hidden /> <span className="d-none d-md-inline">Delete</span>
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}

/** The ids in their new order after moving one dashboard a step. */
export function movedIds(dashboards: readonly Dashboard[], id: string, direction: MoveDirection): string[] | null {
  const ids = dashboards.map((dashboard) => dashboard.id);
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
