// Step 2 of adding a managed connector: the connector's spec as a form, then a check with the
// connector itself (its own words on failure). A passing config is saved as a source and the
// source's streams are discovered for the next step.
import { useState } from 'react';
import type { AirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { ConnectorDefinition, SourceView } from '@common/integrations/integrationsContract';
import { SOURCE_NAME_MAX } from '@common/integrations/integrationsRules';
import { apiErrorField } from '../../api/apiError';
import { useCheckSourceMutation, useCreateSourceMutation, useDiscoverSourceMutation, useGetSpecQuery } from '../../api/integrationsApi';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';
import { LazyConnectorConfigForm } from './LazyConnectorConfigForm';
import { configErrorSchema } from './specUiSchema';
import { mutationOutcome } from '../../api/useMutationFeedback';

interface SourceConfigStepProps {
  definition: ConnectorDefinition;
  onReady: (source: SourceView, catalog: AirbyteCatalog) => void;
}

export function SourceConfigStep({ definition, onReady }: SourceConfigStepProps) {
  const spec = useGetSpecQuery(definition.id);
  const [name, setName] = useState(definition.name);
  const [config, setConfig] = useState<Record<string, unknown>>({});
  const [check, checking] = useCheckSourceMutation();
  const [createSource, creating] = useCreateSourceMutation();
  const [discover, discovering] = useDiscoverSourceMutation();
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const busy = checking.isLoading || creating.isLoading || discovering.isLoading;

  const submit = async (value: Record<string, unknown>) => {
    setFailure(null);
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
    setProgress('Connection test passed. Saving the source…');
    const created = mutationOutcome(await createSource({ name, definitionId: definition.id, config: value }));
    if (!created.ok) return refused(created);
    setProgress('Source saved. Reading its streams…');
    const catalog = mutationOutcome(await discover(created.data.id));
    setProgress(null);
    if (!catalog.ok) return setFailure({ message: `The source was saved, but its streams could not be read: ${catalog.message}` });
    onReady(created.data, catalog.data);
  };

  return (
    <section aria-labelledby="config-title">
      <h2 className="h5" id="config-title">
        {`2. Configure ${definition.name}`}
      </h2>
      <FormField
        label="Source name"
        value={name}
        onValue={setName}
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
