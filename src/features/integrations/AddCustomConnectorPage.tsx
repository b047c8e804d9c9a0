// /app/integrations/add-connector/custom: (a) an HTTP API described in the page, which becomes
// the config of the built-in `source-http` connector: "Test" checks it and shows a stream's first
// records, "Test and continue" checks it and goes on to the streams and schedule (the source is
// saved with the connection, never before); (b) programs an administrator registered as connectors.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { CheckResult, PreviewResponse, SourceCreate } from '@common/integrations/integrationsContract';
import { SOURCE_NAME_MAX } from '@common/integrations/integrationsRules';
import { appPaths } from '@common/paths';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import {
  useCheckSourceMutation,
  useDiscoverConfigMutation,
  useListDefinitionsQuery,
  useListSourcesQuery,
  usePreviewSourceMutation,
} from '../../api/integrationsApi';
import { mutationOutcome } from '../../api/useMutationFeedback';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { CheckPassed } from './CheckPassed';
import { ConnectionSetup } from './ConnectionSetup';
import { HttpAuthFields } from './HttpAuthFields';
import { emptyDraft, httpSourceConfig, newStream, type HttpSourceDraft } from './httpSourceDraft';
import { HttpStreamFields } from './HttpStreamFields';
import { PreviewTable } from './PreviewTable';
import { sourceNameProblem } from './sourceNames';
import { WizardSteps } from './WizardSteps';

const STEPS = ['Describe and test the API', 'Streams and schedule'] as const;

const HTTP_DEFINITION = 'source-http';

function ExecutableConnectors() {
  const definitions = useListDefinitionsQuery();
  const executables = (definitions.currentData ?? []).filter((definition) => definition.kind === 'executable');
  return (
    <section aria-labelledby="executable-title" className="mt-5">
      <h2 className="h5" id="executable-title">
        Connector programs
      </h2>
      <p>
        Any program that speaks the Airbyte protocol can be a connector. To add one, ask your portal&apos;s operators to install it in the
        portal&apos;s connector directory and an administrator of your organisation to register it as a custom connector (the portal&apos;s
        documentation, under Integrations, says how). Once registered, it appears here and in the managed catalog.
      </p>
      {definitions.isLoading ? <p role="status">Loading connectors…</p> : null}
      {definitions.error ? <InlineError>{apiErrorMessage(definitions.error)}</InlineError> : null}
      {definitions.currentData && executables.length === 0 ? <p>No executable connectors are registered.</p> : null}
      {executables.length > 0 ? (
        <ul>
          {executables.map((definition) => (
            <li key={definition.id}>
              <strong>{definition.name}</strong>
              {definition.description ? ` – ${definition.description}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {executables.length > 0 ? <Link to={appPaths.addConnectorManaged}>Set one up from the catalog</Link> : null}
    </section>
  );
}

export default function AddCustomConnectorPage() {
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<HttpSourceDraft>(emptyDraft);
  const [previewStream, setPreviewStream] = useState('');
  const [check, checking] = useCheckSourceMutation();
  const [previewRead, previewing] = usePreviewSourceMutation();
  const [discover, discovering] = useDiscoverConfigMutation();
  const sources = useListSourcesQuery();
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewResponse | null>(null);
  const [ready, setReady] = useState<{ source: SourceCreate; checked: CheckResult; catalog: AirbyteCatalog } | null>(null);
  const busy = checking.isLoading || previewing.isLoading || discovering.isLoading;

  const errorAt = (field: string) => (failure?.field === field ? failure.message : undefined);
  const fail = (error: unknown) => {
    setStatus(null);
    setFailure({ message: apiErrorMessage(error), field: apiErrorField(error) });
  };
  /** The check's result when it passed; otherwise the failure is shown and null returned. */
  const checked = async (config: Record<string, unknown>): Promise<CheckResult | null> => {
    const outcome = mutationOutcome(await check({ definitionId: HTTP_DEFINITION, config }));
    if (!outcome.ok) {
      fail(outcome.error);
      return null;
    }
    if (outcome.data.status === 'failed') {
      setStatus(null);
      setFailure({ message: `The check failed: ${outcome.data.message ?? 'the connector gave no reason.'}` });
      return null;
    }
    return outcome.data;
  };

  const test = async () => {
    setFailure(null);
    setPreview(null);
    setStatus('Checking the API…');
    const config = httpSourceConfig(draft);
    if (!(await checked(config))) return;
    const stream = previewStream || draft.streams[0]?.name.trim() || '';
    setStatus(`Check passed. Reading the first records of ${stream}…`);
    const outcome = mutationOutcome(await previewRead({ definitionId: HTTP_DEFINITION, config, stream }));
    if (!outcome.ok) return fail(outcome.error);
    setPreview(outcome.data);
    setStatus(`Check passed; ${outcome.data.records.length} records read from ${outcome.data.stream}.`);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const nameProblem = sourceNameProblem(
      name,
      (sources.currentData ?? []).map((source) => source.name),
    );
    if (nameProblem) return setFailure({ message: nameProblem, field: 'name' });
    setStatus('Checking the API…');
    const config = httpSourceConfig(draft);
    const passed = await checked(config);
    if (!passed) return;
    setStatus('Connection test passed. Reading the streams…');
    const catalog = mutationOutcome(await discover({ definitionId: HTTP_DEFINITION, config }));
    if (!catalog.ok) return fail(catalog.error);
    setStatus(null);
    setReady({ source: { name: name.trim(), definitionId: HTTP_DEFINITION, config }, checked: passed, catalog: catalog.data });
  };

  const streamNames = draft.streams.map((stream) => stream.name.trim()).filter(Boolean);
  const generalFailure = failure && !failure.field?.startsWith('config.') && failure.field !== 'name' && failure.field !== 'stream';

  return (
    <>
      <p className="mb-2">
        <Link to={appPaths.addConnector}>← Add connector</Link>
      </p>
      <h1 className="h3">Add a custom connector</h1>
      <WizardSteps steps={STEPS} current={ready ? 1 : 0} />
      {ready ? (
        <>
          <CheckPassed name={ready.source.name} checked={ready.checked} onChange={() => setReady(null)} />
          <ConnectionSetup source={ready.source} catalog={ready.catalog} step={2} />
        </>
      ) : (
        <>
          <p className="text-body-secondary mb-4">Describe an HTTP API: where it is, how to sign in, and which lists of records to read.</p>
          <form onSubmit={save} noValidate aria-labelledby="http-title">
            <h2 className="h5" id="http-title">
              HTTP API source
            </h2>
            <div className="row g-2">
              <FormField
                className="col-md-6"
                label="Source name"
                value={name}
                onValue={setName}
                maxLength={SOURCE_NAME_MAX}
                error={errorAt('name')}
              />
              <FormField
                className="col-md-6"
                label="Base URL"
                value={draft.baseUrl}
                onValue={(baseUrl) => setDraft({ ...draft, baseUrl })}
                placeholder="https://api.example.com/v1"
                error={errorAt('config.base_url')}
              />
            </div>
            <HttpAuthFields draft={draft} onChange={setDraft} errorAt={(field) => errorAt(`config.auth${field ? `.${field}` : ''}`)} />
            <h3 className="h6 mt-3">Streams</h3>
            {draft.streams.map((stream, index) => (
              <HttpStreamFields
                key={stream.key}
                index={index}
                stream={stream}
                onChange={(next) =>
                  setDraft({ ...draft, streams: draft.streams.map((candidate) => (candidate.key === stream.key ? next : candidate)) })
                }
                onRemove={
                  draft.streams.length > 1
                    ? () => setDraft({ ...draft, streams: draft.streams.filter((candidate) => candidate.key !== stream.key) })
                    : null
                }
                errorAt={(field) => errorAt(`config.streams.${index}.${field}`)}
              />
            ))}
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm mb-3"
              onClick={() => setDraft({ ...draft, streams: [...draft.streams, newStream()] })}
            >
              Add a stream
            </button>
            <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
              <FormField
                className="mb-0"
                control="select"
                label="Stream to preview"
                value={previewStream}
                onValue={setPreviewStream}
                error={errorAt('stream')}
              >
                <option value="">{streamNames[0] ?? 'The first stream'}</option>
                {streamNames.slice(1).map((stream) => (
                  <option key={stream} value={stream}>
                    {stream}
                  </option>
                ))}
              </FormField>
              <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void test()}>
                {checking.isLoading || previewing.isLoading ? 'Testing…' : 'Test'}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {discovering.isLoading ? 'Reading the streams…' : 'Test and continue'}
              </button>
            </div>
            <div aria-live="polite">
              {status ? <p role="status">{status}</p> : null}
              {generalFailure ? <InlineError>{failure.message}</InlineError> : null}
              {failure && !generalFailure ? <p className="text-danger">{`Not tested: ${failure.message}`}</p> : null}
            </div>
          </form>
          {preview ? <PreviewTable preview={preview} /> : null}
          <ExecutableConnectors />
        </>
      )}
    </>
  );
}
