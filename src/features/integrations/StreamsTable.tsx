// Which streams a connection copies and how: sync mode, how rows land (append, overwrite,
// deduplicate), cursor and primary key. Shared by the setup step and the Schema tab.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import { destinationSyncModes } from '@common/integrations/airbyteProtocol';
import type { StreamSelection } from '@common/integrations/integrationsContract';
import { streamFields, streamLabel } from './streamSelections';

interface StreamsTableProps {
  caption: string;
  catalog: readonly AirbyteStream[];
  value: readonly StreamSelection[];
  onChange: (value: StreamSelection[]) => void;
}

const destinationText: Record<(typeof destinationSyncModes)[number], string> = {
  append: 'Append',
  overwrite: 'Overwrite',
  append_dedup: 'Append and deduplicate',
};

export function StreamsTable({ caption, catalog, value, onChange }: StreamsTableProps) {
  const update = (index: number, patch: Partial<StreamSelection>) =>
    onChange(value.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Stream</th>
            <th scope="col">Sync mode</th>
            <th scope="col">Destination</th>
            <th scope="col">Cursor</th>
            <th scope="col">Primary key</th>
          </tr>
        </thead>
        <tbody>
          {value.map((row, index) => {
            const label = streamLabel(row);
            const stream = catalog.find((candidate) => candidate.name === row.name && (candidate.namespace ?? undefined) === row.namespace);
            const fields = streamFields(stream);
            const modes = stream?.supported_sync_modes ?? [row.syncMode];
            return (
              <tr key={label}>
                <th scope="row">
                  <div className="form-check mb-0">
                    <input
                      className="form-check-input"
                      type="checkbox"
                      id={`stream-${label}`}
                      checked={row.selected}
                      onChange={(event) => update(index, { selected: event.target.checked })}
                    />
                    <label className="form-check-label" htmlFor={`stream-${label}`}>
                      {label}
                    </label>
                  </div>
                </th>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={`Sync mode of ${label}`}
                    value={row.syncMode}
                    disabled={!row.selected}
                    onChange={(event) => update(index, { syncMode: event.target.value as StreamSelection['syncMode'] })}
                  >
                    {modes.map((mode) => (
                      <option key={mode} value={mode}>
                        {mode === 'incremental' ? 'Incremental' : 'Full refresh'}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={`Destination mode of ${label}`}
                    value={row.destinationSyncMode}
                    disabled={!row.selected}
                    onChange={(event) =>
                      update(index, { destinationSyncMode: event.target.value as StreamSelection['destinationSyncMode'] })
                    }
                  >
                    {destinationSyncModes.map((mode) => (
                      <option key={mode} value={mode}>
                        {destinationText[mode]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {stream?.source_defined_cursor ? (
                    <span className="text-body-secondary small">{`Set by the source (${row.cursorField?.join('.') ?? '–'})`}</span>
                  ) : (
                    <select
                      className="form-select form-select-sm"
                      aria-label={`Cursor of ${label}`}
                      value={row.cursorField?.[0] ?? ''}
                      disabled={!row.selected || row.syncMode !== 'incremental'}
                      onChange={(event) => update(index, { cursorField: event.target.value ? [event.target.value] : undefined })}
                    >
                      <option value="">None</option>
                      {fields.map((field) => (
                        <option key={field} value={field}>
                          {field}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>
                  {stream?.source_defined_primary_key?.length ? (
                    <span className="text-body-secondary small">{`Set by the source (${stream.source_defined_primary_key.map((key) => key.join('.')).join(', ')})`}</span>
                  ) : (
                    <select
                      className="form-select form-select-sm"
                      aria-label={`Primary key of ${label}`}
                      value={row.primaryKey?.[0]?.[0] ?? ''}
                      disabled={!row.selected}
                      onChange={(event) => update(index, { primaryKey: event.target.value ? [[event.target.value]] : undefined })}
                    >
                      <option value="">None</option>
                      {fields.map((field) => (
                        <option key={field} value={field}>
                          {field}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
