// The first records of a stream, as the custom HTTP source read them during "Test".
import type { PreviewResponse } from '@common/integrations/integrationsContract';
import { SimpleTable } from '../../components/SimpleTable';

const cellText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export function PreviewTable({ preview }: { preview: PreviewResponse }) {
  return (
    <SimpleTable
      caption={`First ${preview.records.length} records of ${preview.stream}${preview.truncated ? ' (there are more)' : ''}`}
      captionClassName="caption-top"
      className="table table-sm"
      rows={preview.records}
      // Records have no id of their own; their order is the answer's.
      rowKey={(_record, index) => String(index)}
      columns={preview.fields.map((field) => ({
        header: field,
        cell: (record: PreviewResponse['records'][number]) => cellText(record[field]),
      }))}
    />
  );
}
