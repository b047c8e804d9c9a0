// The first records of a stream, as the custom HTTP source read them during "Test".
import type { PreviewResponse } from '@common/integrations/integrationsContract';

const cellText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export function PreviewTable({ preview }: { preview: PreviewResponse }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm">
        <caption className="caption-top">{`First ${preview.records.length} records of ${preview.stream}${preview.truncated ? ' (there are more)' : ''}`}</caption>
        <thead>
          <tr>
            {preview.fields.map((field) => (
              <th scope="col" key={field}>
                {field}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.records.map((record, index) => (
            // Records have no id of their own; their order is the answer's.
            <tr key={index}>
              {preview.fields.map((field) => (
                <td key={field}>{cellText(record[field])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
