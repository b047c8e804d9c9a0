// The connector catalog the Add connector page searches: every connector the embedded engine can
// run, with what the page shows about it. Specs are read by running the connector's `spec` once.
import type { ConnectorDefinition } from '@common/integrations/integrationsContract';
import type { BuiltInConnectorId } from './builtInConnectors.js';

export const BUILT_IN_DEFINITIONS: ReadonlyArray<ConnectorDefinition & { id: BuiltInConnectorId }> = [
  {
    id: 'source-sample',
    name: 'Sample data',
    description: 'A demo shop, its support desk and its web analytics, arriving hour by hour. Feeds the sample dbt project.',
    category: 'sample',
    supportLevel: 'certified',
    icon: 'sample',
    kind: 'built-in',
    documentationUrl: null,
  },
  {
    id: 'source-http',
    name: 'HTTP API',
    description:
      'Any JSON API: declare its base URL, authentication, and per stream the path, where the records are, pagination and an incremental date-time field.',
    category: 'api',
    supportLevel: 'certified',
    icon: 'api',
    kind: 'built-in',
    documentationUrl: null,
  },
  {
    id: 'source-postgres',
    name: 'PostgreSQL',
    description: 'Tables and views of a PostgreSQL database, copied whole or incrementally by a cursor column.',
    category: 'database',
    supportLevel: 'certified',
    icon: 'database',
    kind: 'built-in',
    documentationUrl: 'https://www.postgresql.org/docs/current/',
  },
  {
    id: 'source-file',
    name: 'Files (CSV, JSON lines)',
    description: "A CSV or JSON lines file from an http(s) URL or the portal's file area, as one table.",
    category: 'file',
    supportLevel: 'certified',
    icon: 'file',
    kind: 'built-in',
    documentationUrl: null,
  },
];

export function builtInDefinition(id: string): (ConnectorDefinition & { id: BuiltInConnectorId }) | undefined {
  return BUILT_IN_DEFINITIONS.find((definition) => definition.id === id);
}
