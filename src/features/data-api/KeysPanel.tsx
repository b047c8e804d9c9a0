// The organisation's API keys: prefix, scopes, fixed values, limit, expiry and last use, with
// revoke; and the new key's secret, shown once right after it is created.
import { useState } from 'react';
import type { ApiKeySummary, CreatedKey, EndpointSummary } from '@common/data-api/dataApiContract';
import { useListApiKeysQuery, useRevokeApiKeyMutation } from '../../api/dataApiApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { useDeleteConfirm } from '../../components/useDeleteConfirm';
import { CreateKeyDialog } from './CreateKeyDialog';
import { SecretInput } from '../../components/SecretInput';

function stateOf(key: ApiKeySummary): string {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= Date.now()) return 'expired';
  return 'active';
}

export function KeysPanel({ endpoints }: { endpoints: readonly EndpointSummary[] }) {
  const keys = useListApiKeysQuery();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [copied, setCopied] = useState(false);
  const revoking = useDeleteConfirm(useRevokeApiKeyMutation(), (key: ApiKeySummary) => key.id);

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          Create key
        </button>
      </div>
      {created ? (
        <div className="alert alert-success" role="status" aria-labelledby="secret-title">
          <h3 id="secret-title" className="h6">
            Key “{created.key.name}” created
          </h3>
          <p className="small mb-2">Copy the key now: it is shown only this once. Dataworks keeps only a hash of it.</p>
          <label htmlFor="new-key-secret" className="form-label small">
            API key
          </label>
          <div className="input-group mb-2">
            <SecretInput id="new-key-secret" value={created.secret} />
            <button type="button" className="btn btn-outline-secondary" onClick={() => void copy(created.secret)}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <button type="button" className="btn btn-sm btn-success" onClick={() => setCreated(null)}>
            I have stored the key
          </button>
        </div>
      ) : null}
      <QueryResult query={keys} loadingLabel="Loading API keys" errorTitle="The API keys could not be loaded">
        {(list) => (
          <SimpleTable
            caption="API keys"
            className="table table-sm align-middle mb-0"
            rows={list}
            empty={<p className="mb-0">No API keys yet.</p>}
            columns={[
              { header: 'Name', rowHeader: true, cell: (key) => key.name },
              { header: 'Key', cell: (key) => <code>{key.prefix}_…</code> },
              {
                header: 'Endpoints',
                cellClassName: 'small font-monospace',
                cell: (key) => key.scopes.map((scope) => scope.name).join(', '),
              },
              {
                header: 'Fixed values',
                cellClassName: 'small font-monospace',
                cell: (key) =>
                  Object.entries(key.fixedParameters)
                    .map(([name, value]) => `${name}=${value}`)
                    .join(', ') || '—',
              },
              { header: 'Limit', cellClassName: 'small', cell: (key) => `${key.rateLimit}/min` },
              { header: 'Expires', cellClassName: 'small', cell: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : 'never') },
              { header: 'Last used', cellClassName: 'small', cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never') },
              { header: 'State', cell: (key) => stateOf(key) },
              {
                header: 'Actions',
                headerHidden: true,
                cellClassName: 'text-end',
                cell: (key) =>
                  key.revokedAt ? null : (
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => revoking.ask(key)}>
                      Revoke<span className="visually-hidden"> {key.name}</span>
                    </button>
                  ),
              },
            ]}
          />
        )}
      </QueryResult>
      {creating ? (
        <CreateKeyDialog
          endpoints={endpoints}
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCopied(false);
            setCreated(key);
          }}
        />
      ) : null}
      {revoking.target ? (
        <ConfirmDialog
          title={`Revoke “${revoking.target.name}”?`}
          confirmLabel="Revoke key"
          busyLabel="Revoking…"
          {...revoking.dialogProps}
        >
          Calls with this key are refused from now on. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
