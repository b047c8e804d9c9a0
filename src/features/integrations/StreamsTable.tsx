// Which streams a connection copies and how: sync mode, how rows land (append, overwrite,
// deduplicate), cursor and primary key. Shared by the setup step and the Schema tab.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import { destinationSyncModes } from '@common/integrations/airbyteProtocol';
import type { StreamSelection } from '@common/integrations/integrationsContract';
import { CheckField } from '../../components/CheckField';
import { SimpleTable } from '../../components/SimpleTable';
import { streamFields, streamLabel } from './streamSelections';
import { destinationSyncModeText, syncModeText } from './syncModeText';

interface StreamsTableProps {
  caption: string;
  catalog: readonly AirbyteStream[];
  value: readonly StreamSelection[];
  onChange: (value: StreamSelection[]) => void;
}

/** A choice of one of the stream's fields (a cursor, a primary key), or none. */
function FieldSelect(props: { label: string; fields: string[]; value: string; disabled: boolean; onValue: (field: string) => void }) {
  return (
    <select
      className="form-select form-select-sm"
      aria-label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onValue(event.target.value)}
    >
      <option value="">None</option>
      {props.fields.map((field) => (
        <option key={field} value={field}>
          {field}
        </option>
      ))}
    </select>
  );
}
export function StreamsTable({ caption, catalog, value, onChange }: StreamsTableProps) {
  const update = (index: number, patch: Partial<StreamSelection>) =>
    onChange(value.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <SimpleTable
      caption={caption}
      captionClassName="caption-top"
      className="table table-sm align-middle"
      rows={value.map((row, index) => {
        const stream = catalog.find((candidate) => candidate.name === row.name && (candidate.namespace ?? undefined) === row.namespace);
        return { row, index, stream, label: streamLabel(row), fields: streamFields(stream) };
      })}
      rowKey={({ label }) => label}
      columns={[
        {
          header: 'Stream',
          rowHeader: true,
          cell: ({ row, index, label }) => (
            <CheckField
              id={`stream-${label}`}
              label={label}
              checked={row.selected}
              className="mb-0"
              onChecked={(checked) => update(index, { selected: checked })}
            />
          ),
        },
        {
          header: 'Sync mode',
          cell: ({ row, index, label, stream }) => (
            <select
              className="form-select form-select-sm"
              aria-label={`Sync mode of ${label}`}
              value={row.syncMode}
              disabled={!row.selected}
              onChange={(event) => update(index, { syncMode: event.target.value as StreamSelection['syncMode'] })}
            >
              {(stream?.supported_sync_modes ?? [row.syncMode]).map((mode) => (
                <option key={mode} value={mode}>
                  {syncModeText[mode]}
                </option>
              ))}
            </select>
          ),
        },
        {
          header: 'Destination',
          cell: ({ row, index, label }) => (
            <select
              className="form-select form-select-sm"
              aria-label={`Destination mode of ${label}`}
              value={row.destinationSyncMode}
              disabled={!row.selected}
              onChange={(event) => update(index, { destinationSyncMode: event.target.value as StreamSelection['destinationSyncMode'] })}
            >
              {destinationSyncModes.map((mode) => (
                <option key={mode} value={mode}>
                  {destinationSyncModeText[mode]}
                </option>
              ))}
            </select>
          ),
        },
        {
          header: 'Cursor',
          cell: ({ row, index, label, stream, fields }) =>
            stream?.source_defined_cursor ? (
              <span className="text-body-secondary small">{`Set by the source (${row.cursorField?.join('.') ?? '–'})`}</span>
            ) : (
              <FieldSelect
                label={`Cursor of ${label}`}
                fields={fields}
                value={row.cursorField?.[0] ?? ''}
                disabled={!row.selected || row.syncMode !== 'incremental'}
                onValue={(field) => update(index, { cursorField: field ? [field] : undefined })}
              />
            ),
        },
        {
          header: 'Primary key',
          cell: ({ row, index, label, stream, fields }) =>
            stream?.source_defined_primary_key?.length ? (
              <span className="text-body-secondary small">{`Set by the source (${stream.source_defined_primary_key.map((key) => key.join('.')).join(', ')})`}</span>
            ) : (
              <FieldSelect
                label={`Primary key of ${label}`}
                fields={fields}
                value={row.primaryKey?.[0]?.[0] ?? ''}
                disabled={!row.selected}
                onValue={(field) => update(index, { primaryKey: field ? [[field]] : undefined })}
              />
            ),
        },
      ]}
    />
  );
}
