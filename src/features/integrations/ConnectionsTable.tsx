// The connections of Manage connectors: source → warehouse, schedule, last and next sync, last
// status and rows, each with a checkbox for the bulk actions.
import { Link } from 'react-router-dom';
import type { ConnectionView } from '@common/integrations/integrationsContract';
import { appPaths } from '@common/paths';
import { DateTimeText } from '../../components/DateTimeText';
import { formatCount } from '../../components/format';
import { SimpleTable } from '../../components/SimpleTable';
import { HealthBadge } from './HealthBadge';
import { jobStatusText, scheduleText } from './scheduleText';

interface ConnectionsTableProps {
  connections: readonly ConnectionView[];
  selected: ReadonlySet<string>;
  onSelected: (ids: Set<string>) => void;
}

export function ConnectionsTable({ connections, selected, onSelected }: ConnectionsTableProps) {
  const all = connections.length > 0 && connections.every((connection) => selected.has(connection.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelected(next);
  };
  return (
    <SimpleTable
      caption="Connections"
      captionClassName="caption-top"
      className="table align-middle"
      rows={connections}
      rowKey={(connection) => connection.id}
      columns={[
        {
          header: (
            <input
              className="form-check-input"
              type="checkbox"
              aria-label="Select every connection shown"
              checked={all}
              onChange={(event) => onSelected(new Set(event.target.checked ? connections.map((connection) => connection.id) : []))}
            />
          ),
          cell: (connection) => (
            <input
              className="form-check-input"
              type="checkbox"
              aria-label={`Select ${connection.name}`}
              checked={selected.has(connection.id)}
              onChange={(event) => toggle(connection.id, event.target.checked)}
            />
          ),
        },
        {
          header: 'Connection',
          rowHeader: true,
          cell: (connection) => (
            <>
              <Link to={`${appPaths.manageConnectors}?connection=${encodeURIComponent(connection.id)}`}>{connection.name}</Link>
              <div>
                <HealthBadge health={connection.health} />
              </div>
            </>
          ),
        },
        {
          header: 'Source → warehouse',
          cell: (connection) =>
            `${connection.source.name} → ${connection.destinationSchema}${connection.engine === 'airbyte' ? ' (on Airbyte)' : ''}`,
        },
        { header: 'Schedule', cell: (connection) => scheduleText(connection.schedule) },
        {
          header: 'Last sync',
          cell: (connection) => <DateTimeText iso={connection.lastJob?.endedAt ?? connection.lastJob?.startedAt ?? null} />,
        },
        { header: 'Next sync', cell: (connection) => <DateTimeText iso={connection.status === 'paused' ? null : connection.nextSyncAt} /> },
        { header: 'Last status', cell: (connection) => (connection.lastJob ? jobStatusText[connection.lastJob.status] : 'Never synced') },
        {
          header: 'Rows',
          className: 'text-end',
          cell: (connection) => (connection.lastJob ? formatCount(connection.lastJob.rowsSynced) : '–'),
        },
      ]}
    />
  );
}
