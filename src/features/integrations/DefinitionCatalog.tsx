// Step 1 of adding a managed connector: the searchable catalog of connector definitions, each
// with its icon, category and support level.
import { useMemo, useState } from 'react';
import type { ConnectorDefinition } from '@common/integrations/integrationsContract';
import { ConnectorIcon } from './ConnectorIcon';

interface DefinitionCatalogProps {
  definitions: readonly ConnectorDefinition[];
  onChoose: (definition: ConnectorDefinition) => void;
}

const supportText = { certified: 'Certified', community: 'Community', custom: 'Custom' } as const;

export function DefinitionCatalog({ definitions, onChoose }: DefinitionCatalogProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return definitions.filter(
      (definition) => !words || `${definition.name} ${definition.description} ${definition.category}`.toLowerCase().includes(words),
    );
  }, [definitions, search]);
  return (
    <section aria-labelledby="catalog-title">
      <h2 className="h5" id="catalog-title">
        1. Choose a connector
      </h2>
      <div className="mb-3" style={{ maxWidth: '28rem' }}>
        <label className="form-label" htmlFor="connector-search">
          Search connectors
        </label>
        <input
          id="connector-search"
          type="search"
          className="form-control"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-describedby="connector-count"
        />
        <div id="connector-count" className="form-text" aria-live="polite">
          {`${shown.length} of ${definitions.length} connectors`}
        </div>
      </div>
      {shown.length === 0 ? (
        <p>No connector matches. Try other words.</p>
      ) : (
        <ul className="list-unstyled row g-3">
          {shown.map((definition) => (
            <li key={definition.id} className="col-md-6 col-xl-4">
              <div className="card h-100">
                <div className="card-body d-flex flex-column">
                  <h3 className="h6 d-flex align-items-center gap-2">
                    <ConnectorIcon name={definition.icon} />
                    {definition.name}
                  </h3>
                  <p className="small mb-2">{definition.description}</p>
                  <p className="small text-body-secondary mb-3">{`Category: ${definition.category} · Support: ${supportText[definition.supportLevel]}`}</p>
                  <button
                    type="button"
                    className="btn btn-outline-primary mt-auto align-self-start"
                    onClick={() => onChoose(definition)}
                    aria-label={`Set up ${definition.name}`}
                  >
                    Set up
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
