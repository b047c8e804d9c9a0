// The connections of Manage connectors: source → warehouse, schedule, last and next sync, last
// status and rows, each with a checkbox for the bulk actions.
import { Link } from 'react-router-dom';
import type { ConnectionView } from '@common/integrations/integrationsContract';
import { appPaths } from '@common/paths';
import { DateTimeText } from '../../components/DateTimeText';
import { formatCount } from '../../components/format';
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
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="caption-top">Connections</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                className="form-check-input"
                type="checkbox"
                aria-label="Select every connection shown"
                checked={all}
                onChange={(event) => onSelected(new Set(event.target.checked ? connections.map((connection) => connection.id) : []))}
              />
            </th>
            <th scope="col">Connection</th>
            <th scope="col">Source → warehouse</th>
            <th scope="col">Schedule</th>
            <th scope="col">Last sync</th>
            <th scope="col">Next sync</th>
            <th scope="col">Last status</th>
            <th scope="col" className="text-end">
              Rows
            </th>
          </tr>
        </thead>
        <tbody>
          {connections.map((connection) => (
            <tr key={connection.id}>
              <td>
                <input
                  className="form-check-input"
                  type="checkbox"
                  aria-label={`Select ${connection.name}`}
                  checked={selected.has(connection.id)}
                  onChange={(event) => toggle(connection.id, event.target.checked)}
                />
              </td>
              <th scope="row">
                <Link to={`${appPaths.manageConnectors}?connection=${encodeURIComponent(connection.id)}`}>{connection.name}</Link>
                <div>
                  <HealthBadge health={connection.health} />
                </div>
              </th>
              <td>{`${connection.source.name} → ${connection.destinationSchema}${connection.engine === 'airbyte' ? ' (on Airbyte)' : ''}`}</td>
              <td>{scheduleText(connection.schedule)}</td>
              <td>
                <DateTimeText iso={connection.lastJob?.endedAt ?? connection.lastJob?.startedAt ?? null} />
              </td>
              <td>
                <DateTimeText iso={connection.status === 'paused' ? null : connection.nextSyncAt} />
              </td>
              <td>{connection.lastJob ? jobStatusText[connection.lastJob.status] : 'Never synced'}</td>
              <td className="text-end">{connection.lastJob ? formatCount(connection.lastJob.rowsSynced) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
