// Step 2 of adding a managed connector: the connector's spec as a form, then a check with the
// connector itself (its own words on failure). A passing config's streams are discovered for the
// next step; nothing is saved yet: the source is saved with its connection, so leaving the page
// here (or at step 3) leaves nothing behind.
import { useState } from 'react';
import type { AirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { CheckResult, ConnectorDefinition, SourceCreate } from '@common/integrations/integrationsContract';
import { SOURCE_NAME_MAX } from '@common/integrations/integrationsRules';
import { apiErrorField } from '../../api/apiError';
import { useCheckSourceMutation, useDiscoverConfigMutation, useGetSpecQuery, useListSourcesQuery } from '../../api/integrationsApi';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';
import { LazyConnectorConfigForm } from './LazyConnectorConfigForm';
import { configErrorSchema } from './specUiSchema';
import { mutationOutcome } from '../../api/useMutationFeedback';
import { freeSourceName, sourceNameProblem } from './sourceNames';

/** What step 2 hands on: the source to save with the connection, what its check said, and its streams. */
export interface TestedSource {
  draft: SourceCreate;
  checked: CheckResult;
  catalog: AirbyteCatalog;
}

interface SourceConfigStepProps {
  definition: ConnectorDefinition;
  /** The settings typed before (back from step 3 to change them). */
  initial?: SourceCreate;
  onReady: (tested: TestedSource) => void;
}

export function SourceConfigStep({ definition, initial, onReady }: SourceConfigStepProps) {
  const spec = useGetSpecQuery(definition.id);
  const sources = useListSourcesQuery();
  const taken = (sources.currentData ?? []).map((source) => source.name);
  // Until the person types a name, the connector's, made free of the saved sources' names.
  const [typedName, setTypedName] = useState<string | null>(initial?.name ?? null);
  const name = typedName ?? freeSourceName(definition.name, taken);
  const [config, setConfig] = useState<Record<string, unknown>>(initial?.config ?? {});
  const [check, checking] = useCheckSourceMutation();
  const [discover, discovering] = useDiscoverConfigMutation();
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const busy = checking.isLoading || discovering.isLoading;

  const submit = async (value: Record<string, unknown>) => {
    setFailure(null);
    const nameProblem = sourceNameProblem(name, taken);
    if (nameProblem) return setFailure({ message: nameProblem, field: 'name' });
    setProgress('Testing the connection…');
    // The refusal at the field the server blamed (the whole path: config fields are named by it).
    const refused = (outcome: { error: unknown; message: string }) => {
      setProgress(null);
      setFailure({ message: outcome.message, field: apiErrorField(outcome.error) });
    };
    const checked = mutationOutcome(await check({ definitionId: definition.id, config: value }));
    if (!checked.ok) return refused(checked);
    if (checked.data.status === 'failed') {
      setProgress(null);
      return setFailure({ message: `The connector could not connect: ${checked.data.message ?? 'it gave no reason.'}` });
    }
    setProgress('Connection test passed. Reading the streams…');
    const catalog = mutationOutcome(await discover({ definitionId: definition.id, config: value }));
    setProgress(null);
    if (!catalog.ok) return setFailure({ message: `The connection test passed, but the streams could not be read: ${catalog.message}` });
    onReady({ draft: { name: name.trim(), definitionId: definition.id, config: value }, checked: checked.data, catalog: catalog.data });
  };

  return (
    <section aria-labelledby="config-title">
      <h2 className="h5" id="config-title">
        {`2. Configure ${definition.name}`}
      </h2>
      <FormField
        label="Source name"
        value={name}
        onValue={setTypedName}
        maxLength={SOURCE_NAME_MAX}
        error={failure?.field === 'name' ? failure.message : undefined}
        required
      />
      <QueryResult query={spec} loadingLabel="Loading the connector's settings…" errorTitle="The connector's settings could not be loaded">
        {(loaded) => (
          <LazyConnectorConfigForm
            schema={loaded.connectionSpecification}
            value={config}
            onChange={setConfig}
            onSubmit={(value) => void submit(value)}
            fieldErrors={failure ? configErrorSchema(failure.field, failure.message) : undefined}
            submitLabel={busy ? 'Testing…' : 'Test and continue'}
            busy={busy}
          />
        )}
      </QueryResult>
      <div aria-live="polite" className="mt-3">
        {progress ? <p role="status">{progress}</p> : null}
        {failure && failure.field !== 'name' && !failure.field?.startsWith('config.') ? <InlineError>{failure.message}</InlineError> : null}
      </div>
    </section>
  );
}
