// The organisation's OpenAPI 3.1 document, browsable: one entry per published endpoint with its
// parameters (type, required, limits, default) and a curl example; the document itself can be
// downloaded for any OpenAPI tool.
import { useGetDataApiOpenApiQuery, type OpenApiDocument } from '../../api/dataApiApi';
import { downloadTextFile } from '../../components/downloadFile';
import { EmptyState } from '../../components/EmptyState';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';

type Parameter = NonNullable<NonNullable<OpenApiDocument['paths'][string]['get']>['parameters']>[number];

function limitsOf(schema: Record<string, unknown> = {}): string {
  const parts: string[] = [];
  if (schema.format) parts.push(String(schema.format));
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(', ')}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${String(schema.maximum)}`);
  if (schema.minLength !== undefined) parts.push(`length ≥ ${String(schema.minLength)}`);
  if (schema.maxLength !== undefined) parts.push(`length ≤ ${String(schema.maxLength)}`);
  if (schema.pattern !== undefined) parts.push(`matches ${String(schema.pattern)}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join('; ');
}

function exampleValue(param: Parameter): string {
  const schema = param.schema ?? {};
  if (schema.default !== undefined) return String(schema.default);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  return 'value';
}

export function curlExample(server: string, path: string, parameters: readonly Parameter[]): string {
  const query = parameters
    .filter((param) => param.required)
    .map((param) => `${encodeURIComponent(param.name)}=${encodeURIComponent(exampleValue(param))}`)
    .join('&');
  return `curl -H "Authorization: Bearer $DATAWORKS_API_KEY" \\\n  "${server}${path}${query ? `?${query}` : ''}"`;
}

export function OpenApiBrowser() {
  const doc = useGetDataApiOpenApiQuery();
  return (
    <QueryResult query={doc} loadingLabel="Loading the API documentation" errorTitle="The API documentation could not be loaded">
      {(document) => {
        const server = document.servers?.[0]?.url ?? '';
        const entries = Object.entries(document.paths).filter(([path]) => !/\.(csv|ndjson)$/.test(path));
        return (
          <div>
            <div className="d-flex justify-content-between align-items-center mb-2">
              <p className="small text-body-secondary mb-0">
                OpenAPI {document.openapi} · {entries.length} published {entries.length === 1 ? 'endpoint' : 'endpoints'}
              </p>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => downloadTextFile('dataworks-openapi.json', JSON.stringify(document, null, 2), 'application/json')}
              >
                Download openapi.json
              </button>
            </div>
            {entries.length === 0 ? (
              <EmptyState title="Nothing is published yet">Publish an endpoint to document it here.</EmptyState>
            ) : null}
            {entries.map(([path, item]) => {
              const operation = item.get;
              if (!operation) return null;
              const parameters = operation.parameters ?? [];
              return (
                <article key={path} className="border rounded p-3 mb-3" aria-labelledby={`op-${operation.operationId}`}>
                  <h3 id={`op-${operation.operationId}`} className="h6 mb-1">
                    <span className="badge text-bg-primary me-2">GET</span>
                    <code>{path}</code>
                  </h3>
                  <p className="small mb-1">{operation.summary}</p>
                  <p className="small text-body-secondary">
                    {operation.description} Also as <code>{path}.csv</code> and <code>{path}.ndjson</code>.
                  </p>
                  <SimpleTable
                    caption={`Parameters of ${path}`}
                    className="table table-sm small"
                    rows={parameters}
                    rowKey={(param) => param.name}
                    columns={[
                      { header: 'Parameter', rowHeader: true, cell: (param) => <code>{param.name}</code> },
                      { header: 'Type', cell: (param) => String(param.schema?.type ?? '') },
                      { header: 'Required', cell: (param) => (param.required ? 'yes' : 'no') },
                      { header: 'Limits', cell: (param) => limitsOf(param.schema) },
                      { header: 'Description', cell: (param) => param.description ?? '' },
                    ]}
                  />
                  <p className="small mb-1">Example</p>
                  <pre
                    className="dw-curl bg-body-tertiary border rounded p-2 small mb-0"
                    tabIndex={0}
                    aria-label={`curl example for ${path}`}
                  >
                    {curlExample(server, path, parameters)}
                  </pre>
                </article>
              );
            })}
          </div>
        );
      }}
    </QueryResult>
  );
}
