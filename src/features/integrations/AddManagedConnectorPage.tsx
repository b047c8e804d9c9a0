// /app/integrations/add-connector/managed: choose a connector from the catalog, configure and
// check it, then choose its streams and schedule and create the connection (which saves the
// source: leaving before that leaves nothing behind, and starting again works).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ConnectorDefinition } from '@common/integrations/integrationsContract';
import { appPaths } from '@common/paths';
import { useListDefinitionsQuery } from '../../api/integrationsApi';
import { QueryResult } from '../../components/QueryResult';
import { ConnectionSetup } from './ConnectionSetup';
import { DefinitionCatalog } from './DefinitionCatalog';
import { CheckPassed } from './CheckPassed';
import { SourceConfigStep, type TestedSource } from './SourceConfigStep';
import { WizardSteps } from './WizardSteps';

const STEPS = ['Choose a connector', 'Configure and test', 'Streams and schedule'] as const;

export default function AddManagedConnectorPage() {
  const definitions = useListDefinitionsQuery();
  const [definition, setDefinition] = useState<ConnectorDefinition | null>(null);
  const [ready, setReady] = useState<TestedSource | null>(null);
  // Kept when going back from step 3, so the settings need not be typed again.
  const [typed, setTyped] = useState<TestedSource['draft'] | undefined>(undefined);
  return (
    <>
      <p className="mb-2">
        <Link to={appPaths.addConnector}>← Add connector</Link>
      </p>
      <h1 className="h3">Add a managed connector</h1>
      <p className="text-body-secondary mb-3">Copy data from a source into your warehouse on a schedule.</p>
      <WizardSteps steps={STEPS} current={ready ? 2 : definition ? 1 : 0} />
      {ready ? (
        <>
          <CheckPassed
            name={ready.draft.name}
            checked={ready.checked}
            onChange={() => {
              setTyped(ready.draft);
              setReady(null);
            }}
          />
          <ConnectionSetup source={ready.draft} catalog={ready.catalog} step={3} />
        </>
      ) : definition ? (
        <>
          <p>
            <button
              type="button"
              className="btn btn-link p-0"
              onClick={() => {
                setTyped(undefined);
                setDefinition(null);
              }}
            >
              Choose another connector
            </button>
          </p>
          <SourceConfigStep definition={definition} initial={typed} onReady={setReady} />
        </>
      ) : (
        <QueryResult query={definitions} loadingLabel="Loading connectors…" errorTitle="The connectors could not be loaded">
          {(loaded) => (
            <DefinitionCatalog definitions={loaded.filter((candidate) => candidate.kind !== 'declarative')} onChoose={setDefinition} />
          )}
        </QueryResult>
      )}
    </>
  );
}
