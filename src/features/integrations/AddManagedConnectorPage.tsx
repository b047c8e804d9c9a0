// /app/integrations/add-connector/managed: choose a connector from the catalog, configure and
// check it, then choose its streams and schedule and create the connection.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { ConnectorDefinition, SourceView } from '@common/integrations/integrationsContract';
import { appPaths } from '@common/paths';
import { useListDefinitionsQuery } from '../../api/integrationsApi';
import { QueryResult } from '../../components/QueryResult';
import { ConnectionSetup } from './ConnectionSetup';
import { DefinitionCatalog } from './DefinitionCatalog';
import { SourceConfigStep } from './SourceConfigStep';

export default function AddManagedConnectorPage() {
  const definitions = useListDefinitionsQuery();
  const [definition, setDefinition] = useState<ConnectorDefinition | null>(null);
  const [ready, setReady] = useState<{ source: SourceView; catalog: AirbyteCatalog } | null>(null);
  return (
    <>
      <p className="mb-2">
        <Link to={appPaths.addConnector}>← Add connector</Link>
      </p>
      <h1 className="h3">Add a managed connector</h1>
      <p className="text-body-secondary mb-4">Copy data from a source into your warehouse on a schedule.</p>
      {ready ? (
        <ConnectionSetup source={ready.source} catalog={ready.catalog} />
      ) : definition ? (
        <>
          <p>
            <button type="button" className="btn btn-link p-0" onClick={() => setDefinition(null)}>
              Choose another connector
            </button>
          </p>
          <SourceConfigStep definition={definition} onReady={(source, catalog) => setReady({ source, catalog })} />
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
