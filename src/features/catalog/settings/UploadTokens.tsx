// Upload tokens for the organisation's dbt jobs: name one, copy it (shown this once), revoke it.
// A job sends it as `Authorization: Bearer <token>` to POST /api/dbt/artifacts.
import { useState } from 'react';
import { UPLOAD_TOKEN_NAME_MAX, type UploadTokenRecord } from '@common/dbt/uploadTokensContract';
import { apiErrorMessage } from '../../../api/apiError';
import { useCreateUploadTokenMutation, useListUploadTokensQuery, useRevokeUploadTokenMutation } from '../../../api/catalogAlertsApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateTimeText } from '../../../components/DateTimeText';
import { FormField } from '../../../components/FormField';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { useDeleteConfirm } from '../../../components/useDeleteConfirm';
import { SecretInput } from '../../../components/SecretInput';

function NewToken() {
  const [name, setName] = useState('');
  const [checked, setChecked] = useState(false);
  const [create, creating] = useCreateUploadTokenMutation();
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const local = name.trim() ? undefined : 'Name the token after the job that will use it.';
  return (
    <>
      <form
        noValidate
        className="d-flex flex-wrap align-items-start gap-2 mb-2"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (local) return;
          void create({ name: name.trim() })
            .unwrap()
            .then(
              (answer) => {
                setMade({ name: answer.record.name, token: answer.token });
                setName('');
                setChecked(false);
              },
              () => undefined,
            );
        }}
      >
        <FormField
          label="New upload token"
          value={name}
          onValue={setName}
          maxLength={UPLOAD_TOKEN_NAME_MAX}
          help="A name that says which job uses it, for example GitHub Actions."
          error={(checked ? local : undefined) ?? (creating.error ? apiErrorMessage(creating.error) : undefined)}
          className="mb-0"
          style={{ minWidth: '18rem' }}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm mt-4" disabled={creating.isLoading}>
          {creating.isLoading ? 'Making…' : 'Make token'}
        </button>
      </form>
      {made ? (
        <div className="alert alert-success small" role="status">
          <p className="mb-1">
            The token <strong>{made.name}</strong> is shown this once; copy it into your dbt job&apos;s secrets now:
          </p>
          <label className="visually-hidden" htmlFor="new-upload-token">
            The new upload token
          </label>
          <SecretInput id="new-upload-token" value={made.token} small />
        </div>
      ) : null}
    </>
  );
}

export function UploadTokens() {
  const uploadTokens = useListUploadTokensQuery();
  const asked = useDeleteConfirm(useRevokeUploadTokenMutation(), (token: UploadTokenRecord) => token.id);
  return (
    <div className="mb-3">
      <h3 className="h6">Upload tokens</h3>
      <NewToken />
      <QueryResult query={uploadTokens} loadingLabel="Loading the upload tokens…" errorTitle="The upload tokens could not be loaded">
        {({ tokens }) => (
          <SimpleTable
            caption="Upload tokens"
            className="table table-sm mb-0"
            responsive={false}
            rows={tokens}
            empty={<p className="small mb-0">No upload tokens. Service accounts of the identity server can upload too.</p>}
            columns={[
              { header: 'Name', rowHeader: true, cell: (token) => token.name },
              { header: 'Starts with', cell: (token) => <code>{token.start}…</code> },
              {
                header: 'Made',
                cell: (token) => (
                  <>
                    <DateTimeText iso={token.createdAt} /> by {token.createdBy}
                  </>
                ),
              },
              { header: 'Last used', cell: (token) => <DateTimeText iso={token.lastUsedAt} empty="Never" /> },
              {
                header: 'Actions',
                headerHidden: true,
                cell: (token) => (
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-danger"
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => asked.ask(token)}
                  >
                    Revoke
                  </button>
                ),
              },
            ]}
          />
        )}
      </QueryResult>
      {asked.target ? (
        <ConfirmDialog
          title={`Revoke the upload token ${asked.target.name}?`}
          confirmLabel="Revoke"
          busyLabel="Revoking…"
          {...asked.dialogProps}
        >
          <p className="mb-0">Jobs using it can no longer upload. What they uploaded stays.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
