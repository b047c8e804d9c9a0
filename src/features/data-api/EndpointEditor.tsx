// One endpoint in the editor: name (when new), description, SQL with {{placeholders}}, the
// parameter table, row cap, page size and cache lifetime; "Save draft", "Publish", a run with
// inputs, and the version history with its diff. The latest version opens in the editor.
import { useState, type FormEvent } from 'react';
import type { EndpointDetail } from '@common/data-api/dataApiContract';
import { dataEndpointPath } from '@common/data-api/dataApiRules';
import { apiErrorMessage } from '../../api/apiError';
import {
  useCreateDataEndpointMutation,
  useDeleteDataEndpointMutation,
  usePublishDataEndpointMutation,
  useSaveDataEndpointDraftMutation,
} from '../../api/dataApiApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { Panel } from '../../components/Panel';
import { useDeleteConfirm } from '../../components/useDeleteConfirm';
import { definitionOf, emptyForm, formOf, type EditorForm } from './editorModel';
import { ParameterTable } from './ParameterTable';
import { RunPreview } from './RunPreview';
import { VersionHistory } from './VersionHistory';

// The endpoint's limits: whole numbers, typed as text until saved.
const limitFields = [
  { key: 'rowCap', label: 'Row cap', help: 'Most rows one answer holds.' },
  { key: 'pageSize', label: 'Page size', help: 'Rows per page unless the caller asks for fewer.' },
  { key: 'cacheSeconds', label: 'Cache lifetime (seconds)', help: '0 turns caching off.' },
] as const satisfies readonly { key: keyof EditorForm; label: string; help: string }[];

interface EndpointEditorProps {
  endpoint: EndpointDetail | null;
  onCreated: (id: string) => void;
  onDeleted?: () => void;
}

export function EndpointEditor({ endpoint, onCreated, onDeleted }: EndpointEditorProps) {
  const latest = endpoint?.versions[0];
  const [form, setForm] = useState<EditorForm>(() => (endpoint && latest ? formOf(endpoint.name, latest.definition) : emptyForm()));
  const [dirty, setDirty] = useState(false);
  const [create, creating] = useCreateDataEndpointMutation();
  const [save, saving] = useSaveDataEndpointDraftMutation();
  const [publish, publishing] = usePublishDataEndpointMutation();
  const [notice, setNotice] = useState('');
  const deleting = useDeleteConfirm(
    useDeleteDataEndpointMutation(),
    (asked: EndpointDetail) => asked.id,
    () => onDeleted?.(),
  );

  const change = (changes: Partial<EditorForm>) => {
    setForm((current) => ({ ...current, ...changes }));
    setDirty(true);
    setNotice('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      if (endpoint) {
        const saved = await save({ id: endpoint.id, definition: definitionOf(form) }).unwrap();
        setNotice(`Draft v${saved.versions[0]?.version ?? ''} saved.`);
      } else {
        const created = await create({ name: form.name.trim(), definition: definitionOf(form) }).unwrap();
        onCreated(created.id);
      }
      setDirty(false);
    } catch {
      // Shown below from the mutation's state.
    }
  };

  const draft = latest?.status === 'draft' ? latest : null;
  const doPublish = async () => {
    if (!endpoint || !draft) return;
    try {
      await publish({ id: endpoint.id, version: draft.version }).unwrap();
      setNotice(`v${draft.version} is published at ${dataEndpointPath(endpoint.name)}.`);
    } catch {
      // Shown below.
    }
  };
  const failure = creating.error ?? saving.error ?? publishing.error;
  const busy = creating.isLoading || saving.isLoading || publishing.isLoading;

  return (
    <>
      <Panel
        title={endpoint ? `Endpoint ${endpoint.name}` : 'New endpoint'}
        description={
          endpoint
            ? endpoint.liveVersion
              ? `Live: v${endpoint.liveVersion} at ${dataEndpointPath(endpoint.name)}`
              : 'Not published yet.'
            : 'A named, read-only query over your warehouse with typed parameters.'
        }
      >
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={endpoint ? `Edit ${endpoint.name}` : 'New endpoint'}>
          {endpoint ? null : (
            <FormField
              label="Name"
              value={form.name}
              onValue={(name) => change({ name })}
              help="Lower-case letters, digits and _; it becomes the URL /api/data/v1/<name>."
              required
              autoComplete="off"
            />
          )}
          <FormField
            label="Description"
            value={form.description}
            onValue={(description) => change({ description })}
            control="textarea"
            rows={2}
          />
          <FormField
            label="SQL"
            value={form.sql}
            onValue={(sql) => change({ sql })}
            control="textarea"
            rows={10}
            className="mb-3 dw-sql"
            help="One read-only query. Use {{name}} or :name for parameter values; they are always bound, never pasted into the text, so they cannot stand for table or column names."
            spellCheck={false}
          />
          <h3 className="h6">Parameters</h3>
          <ParameterTable parameters={form.parameters} onChange={(parameters) => change({ parameters })} />
          <div className="row g-2 mt-2">
            {limitFields.map(({ key, label, help }) => (
              <div key={key} className="col-sm-4">
                <FormField label={label} value={form[key]} onValue={(value) => change({ [key]: value })} inputMode="numeric" help={help} />
              </div>
            ))}
          </div>
          <div aria-live="polite">
            {failure ? <InlineError>{apiErrorMessage(failure)}</InlineError> : null}
            {notice && !failure ? (
              <p className="text-success small" role="status">
                {notice}
              </p>
            ) : null}
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {endpoint ? (saving.isLoading ? 'Saving…' : 'Save draft') : creating.isLoading ? 'Creating…' : 'Create endpoint'}
            </button>
            {endpoint ? (
              <button
                type="button"
                className="btn btn-success"
                disabled={busy || !draft || dirty}
                onClick={() => void doPublish()}
                aria-describedby={dirty ? 'publish-hint' : undefined}
              >
                {publishing.isLoading ? 'Publishing…' : draft ? `Publish v${draft.version}` : 'Nothing to publish'}
              </button>
            ) : null}
            {dirty && endpoint ? (
              <span id="publish-hint" className="small text-body-secondary align-self-center">
                Save the draft before publishing.
              </span>
            ) : null}
            {endpoint ? (
              <button type="button" className="btn btn-outline-danger ms-auto" disabled={busy} onClick={() => deleting.ask(endpoint)}>
                Delete endpoint
              </button>
            ) : null}
          </div>
        </form>
      </Panel>
      <Panel title="Run" description="Runs the SQL above as it is now, with the row cap, page size and statement time-out of a real call.">
        <RunPreview parameters={form.parameters} definition={() => definitionOf(form)} />
      </Panel>
      {deleting.target ? (
        <ConfirmDialog
          title={`Delete ${deleting.target.name}?`}
          confirmLabel="Delete endpoint"
          busyLabel="Deleting…"
          {...deleting.dialogProps}
        >
          Every version goes, calls to {dataEndpointPath(deleting.target.name)} are refused, and API keys no longer list it. This cannot be
          undone.
        </ConfirmDialog>
      ) : null}
      {endpoint ? (
        <Panel
          title="Versions"
          description="Publishing freezes a version; later edits open a new draft. Publish an earlier version again to roll back."
        >
          <VersionHistory endpoint={endpoint} />
        </Panel>
      ) : null}
    </>
  );
}
