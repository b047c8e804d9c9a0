// The endpoint's versions: which one is live, when each was published, a line diff between any
// two, and "Publish again" to roll back to a frozen earlier version.
import { diffLines } from 'diff';
import { useMemo, useState } from 'react';
import type { EndpointDetail } from '@common/data-api/dataApiContract';
import { apiErrorMessage } from '../../api/apiError';
import { usePublishDataEndpointMutation } from '../../api/dataApiApi';
import { formatDateTime } from '../../components/format';
import { InlineError } from '../../components/InlineError';
import { SimpleTable } from '../../components/SimpleTable';
import { definitionText } from './editorModel';

export function VersionHistory({ endpoint }: { endpoint: EndpointDetail }) {
  const versions = endpoint.versions;
  const [from, setFrom] = useState(String(versions[1]?.version ?? versions[0]?.version ?? 1));
  const [to, setTo] = useState(String(versions[0]?.version ?? 1));
  const [publish, publishing] = usePublishDataEndpointMutation();

  const parts = useMemo(() => {
    const a = versions.find((v) => String(v.version) === from);
    const b = versions.find((v) => String(v.version) === to);
    return a && b ? diffLines(definitionText(a.definition), definitionText(b.definition)) : [];
  }, [versions, from, to]);
  const changed = parts.some((part) => part.added || part.removed);

  return (
    <div>
      <SimpleTable
        caption={`Versions of ${endpoint.name}`}
        rows={versions}
        rowKey={(version) => String(version.version)}
        columns={[
          { header: 'Version', rowHeader: true, cell: (version) => `v${version.version}` },
          {
            header: 'State',
            cell: (version) => (
              <>
                {version.version === endpoint.liveVersion ? <span className="badge text-bg-success me-1">live</span> : null}
                {version.status === 'draft' ? (
                  <span className="badge text-bg-warning">draft</span>
                ) : (
                  <span className="badge text-bg-secondary">frozen</span>
                )}
              </>
            ),
          },
          { header: 'Saved by', cell: (version) => version.createdBy },
          { header: 'Published', cell: (version) => (version.publishedAt ? formatDateTime(version.publishedAt) : '—') },
          {
            header: 'Actions',
            headerHidden: true,
            cellClassName: 'text-end',
            cell: (version) =>
              version.version !== endpoint.liveVersion && version.status === 'published' ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={publishing.isLoading}
                  onClick={() => void publish({ id: endpoint.id, version: version.version })}
                >
                  Publish v{version.version} again<span className="visually-hidden"> (roll back)</span>
                </button>
              ) : null,
          },
        ]}
      />
      {publishing.isError ? <InlineError>{apiErrorMessage(publishing.error)}</InlineError> : null}
      {versions.length > 1 ? (
        <section aria-labelledby="diff-title" className="mt-3">
          <h3 id="diff-title" className="h6">
            Compare versions
          </h3>
          <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
            {[
              ['From', from, setFrom],
              ['To', to, setTo],
            ].map(([label, value, set]) => (
              <div key={label as string}>
                <label className="form-label small mb-1" htmlFor={`diff-${label as string}`}>
                  {label as string}
                </label>
                <select
                  id={`diff-${label as string}`}
                  className="form-select form-select-sm"
                  value={value as string}
                  onChange={(e) => (set as (v: string) => void)(e.target.value)}
                >
                  {versions.map((v) => (
                    <option key={v.version} value={String(v.version)}>
                      v{v.version}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {changed ? (
            <pre className="dw-diff border rounded p-2 small" aria-label={`Changes from v${from} to v${to}`} tabIndex={0}>
              {parts.map((part, index) => {
                const sign = part.added ? '+' : part.removed ? '-' : ' ';
                const lines = part.value.replace(/\n$/, '').split('\n');
                const Tag = part.added ? 'ins' : part.removed ? 'del' : 'span';
                return (
                  <Tag key={index} className={part.added ? 'dw-diff-added' : part.removed ? 'dw-diff-removed' : undefined}>
                    {lines.map((line) => `${sign} ${line}`).join('\n')}
                    {'\n'}
                  </Tag>
                );
              })}
            </pre>
          ) : (
            <p className="small text-body-secondary">
              No differences between v{from} and v{to}.
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
