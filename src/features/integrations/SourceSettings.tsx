// The Source section of a connection's Settings: the source's name and its connector settings,
// drawn from the connector's spec as in the add-connector pages. Stored secrets show blank ("set
// and hidden"): left blank they are kept, typed they are replaced (rotation). "Test connection"
// checks the settings as typed without saving; "Test and save" saves them only if the connector's
// check passes with them (the server runs it and refuses a failing configuration in its words).
import { useMemo, useState } from 'react';
import type { ConnectionView, SourceView } from '@common/integrations/integrationsContract';
import { SOURCE_NAME_MAX } from '@common/integrations/integrationsRules';
import { apiErrorField } from '../../api/apiError';
import { useCheckSourceMutation, useGetSourceQuery, useGetSpecQuery, useUpdateSourceMutation } from '../../api/integrationsApi';
import { mutationOutcome } from '../../api/useMutationFeedback';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';
import { LazyConnectorConfigForm } from './LazyConnectorConfigForm';
import { configErrorSchema } from './specUiSchema';
import { maskedPaths, storedSecretsOptional, withMasks, withoutMasks } from './storedSecrets';

type Outcome = { kind: 'passed' | 'saved'; message: string } | { kind: 'failed'; message: string; field?: string };

interface SourceFormProps {
  source: SourceView;
  specification: Record<string, unknown>;
  connectionId: string;
}

function SourceForm({ source, specification, connectionId }: SourceFormProps) {
  const secrets = useMemo(() => maskedPaths(source.config), [source.config]);
  const schema = useMemo(() => storedSecretsOptional(specification, secrets), [specification, secrets]);
  const [name, setName] = useState(source.name);
  const [config, setConfig] = useState(() => withoutMasks(source.config, secrets));
  const [check, checking] = useCheckSourceMutation();
  const [update, updating] = useUpdateSourceMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = checking.isLoading || updating.isLoading;
  const failure = outcome?.kind === 'failed' ? outcome : null;

  const test = async () => {
    setOutcome(null);
    const result = mutationOutcome(
      await check({ definitionId: source.definition.id, sourceId: source.id, config: withMasks(config, secrets) }),
    );
    if (!result.ok) return setOutcome({ kind: 'failed', message: result.message, field: apiErrorField(result.error) });
    setOutcome(
      result.data.status === 'succeeded'
        ? { kind: 'passed', message: 'Connection test passed. Nothing is saved until you choose "Test and save".' }
        : { kind: 'failed', message: `The connection test failed: ${result.data.message ?? 'the connector gave no reason.'}` },
    );
  };

  const save = async (value: Record<string, unknown>) => {
    setOutcome(null);
    const result = mutationOutcome(await update({ id: source.id, connectionId, patch: { name, config: withMasks(value, secrets) } }));
    if (!result.ok) return setOutcome({ kind: 'failed', message: result.message, field: apiErrorField(result.error) });
    // The saved settings, as the server keeps them: secrets stay blank (set and hidden).
    setConfig(withoutMasks(result.data.config, maskedPaths(result.data.config)));
    setOutcome({ kind: 'saved', message: 'Connection test passed; the source\u2019s settings are saved. The next sync uses them.' });
  };

  return (
    <>
      <FormField
        label="Source name"
        value={name}
        onValue={setName}
        maxLength={SOURCE_NAME_MAX}
        error={failure?.field === 'name' ? failure.message : undefined}
        style={{ maxWidth: '28rem' }}
      />
      <LazyConnectorConfigForm
        schema={schema}
        value={config}
        onChange={setConfig}
        onSubmit={(value) => void save(value)}
        fieldErrors={failure ? configErrorSchema(failure.field, failure.message) : undefined}
        submitLabel={updating.isLoading ? 'Testing and saving…' : 'Test and save'}
        busy={busy}
        storedSecrets={secrets}
        actions={
          <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={() => void test()}>
            {checking.isLoading ? 'Testing…' : 'Test connection'}
          </button>
        }
      />
      <div aria-live="polite" className="mt-2">
        {busy ? <p role="status">Testing the connection…</p> : null}
        {outcome && outcome.kind !== 'failed' ? (
          <p role="status" className="text-success">
            {outcome.message}
          </p>
        ) : null}
        {failure && failure.field !== 'name' && !failure.field?.startsWith('config.') ? <InlineError>{failure.message}</InlineError> : null}
      </div>
    </>
  );
}

/** Who else reads with these settings: a change applies to every connection of the source. */
function sharedText(connections: number): string {
  const others = connections - 1;
  if (others <= 0) return 'What this connection reads from. Only this connection uses this source.';
  return `What this connection reads from. ${others === 1 ? 'One other connection uses' : `${others} other connections use`} this source and its settings too.`;
}

export function SourceSettings({ connection }: { connection: ConnectionView }) {
  const source = useGetSourceQuery(connection.source.id);
  const spec = useGetSpecQuery(connection.source.definitionId);
  return (
    <section aria-labelledby="source-title" className="mb-4">
      <h2 className="h5" id="source-title">
        Source
      </h2>
      <p className="text-body-secondary">{sharedText(source.data?.connectionCount ?? 1)}</p>
      {/* Kept while it refetches after a save, so the form (and what it said) stays. */}
      <QueryResult query={source} keepWhileRefetching loadingLabel="Loading the source…" errorTitle="The source could not be loaded">
        {(loaded) => (
          <QueryResult
            query={spec}
            loadingLabel="Loading the connector's settings…"
            errorTitle="The connector's settings could not be loaded"
          >
            {(specification) => (
              <SourceForm
                key={loaded.id}
                source={loaded}
                specification={specification.connectionSpecification}
                connectionId={connection.id}
              />
            )}
          </QueryResult>
        )}
      </QueryResult>
    </section>
  );
}
