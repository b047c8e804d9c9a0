// The connectors that ship with the portal, each a TypeScript program in this folder run by the
// embedded engine as a child process (Node with tsx's loader, as `npm start` runs the portal).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConnectorCommand } from './engine/connectorProcess.js';

export type BuiltInConnectorId = 'source-sample' | 'source-http' | 'source-postgres' | 'source-file';

const PROGRAMS: Record<BuiltInConnectorId, string> = {
  'source-sample': 'source-sample/main.ts',
  'source-http': 'source-declarative-http/main.ts',
  'source-postgres': 'source-postgres/main.ts',
  'source-file': 'source-file/main.ts',
};

/** How to run a built-in connector; `projectRoot` is where package.json and node_modules are. */
export function builtInConnectorCommand(
  id: BuiltInConnectorId,
  projectRoot: string,
  options: { privateNetworks?: boolean; filesDir?: string } = {},
): ConnectorCommand {
  const loader = createRequire(path.join(projectRoot, 'package.json')).resolve('tsx');
  const program = path.join(projectRoot, 'server/src/connectors', PROGRAMS[id]);
  return {
    command: process.execPath,
    args: ['--import', pathToFileURL(loader).href, program],
    runtime: 'node',
    // Connectors that open network connections refuse private addresses unless this says otherwise (kit/networkPolicy.ts).
    env: {
      ...(options.privateNetworks ? { DATAWORKS_CONNECTOR_PRIVATE_NETWORKS: 'allow' } : {}),
      // The only directory the files source may read local files from; unset, it reads URLs only.
      ...(options.filesDir ? { DATAWORKS_CONNECTOR_FILES_DIR: options.filesDir } : {}),
    },
  };
}
