// The connectors that ship with the portal, each a TypeScript program in this folder run by the
// embedded engine as a child process. Each program is bundled once per portal process with
// esbuild (its packages left as imports) into node_modules/.cache, so a connector starts on bare
// Node in tens of milliseconds instead of compiling its sources through tsx's loader on every
// run (about 250 ms, paid by every check, discover and sync attempt). Where the cache cannot be
// written, the program runs through tsx as `npm start` runs the portal.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import esbuild from 'esbuild';
import type { ConnectorCommand } from './engine/connectorProcess.js';

export type BuiltInConnectorId = 'source-sample' | 'source-http' | 'source-postgres' | 'source-file';

const PROGRAMS: Record<BuiltInConnectorId, string> = {
  'source-sample': 'source-sample/main.ts',
  'source-http': 'source-declarative-http/main.ts',
  'source-postgres': 'source-postgres/main.ts',
  'source-file': 'source-file/main.ts',
};

/** Under node_modules, so the bundle's package imports resolve as the sources' own do. */
const CACHE_DIR = 'node_modules/.cache/dataworks-connectors';

const bundles = new Map<string, string | null>();

/**
 * The program's bundle, built on first use in this process (synchronously, some tens of
 * milliseconds once per connector, as the command is asked for). Named by its content's hash, so
 * processes running different sources never share a file, and written under a temporary name
 * then renamed, so a process starting the connector never reads a half-written one.
 */
function bundledProgram(program: string, projectRoot: string): string | null {
  const known = bundles.get(program);
  if (known !== undefined) return known;
  let bundle: string | null = null;
  try {
    const result = esbuild.buildSync({
      entryPoints: [program],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'silent',
      absWorkingDir: projectRoot,
    });
    const code = result.outputFiles[0]!.contents;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const dir = path.join(projectRoot, CACHE_DIR);
    bundle = path.join(dir, `${path.basename(path.dirname(program))}-${hash}.mjs`);
    if (!existsSync(bundle)) {
      mkdirSync(dir, { recursive: true });
      const partial = `${bundle}.${process.pid}.partial`;
      writeFileSync(partial, code);
      renameSync(partial, bundle);
    }
  } catch {
    bundle = null;
  }
  bundles.set(program, bundle);
  return bundle;
}

/** How to run a built-in connector; `projectRoot` is where package.json and node_modules are. */
export function builtInConnectorCommand(
  id: BuiltInConnectorId,
  projectRoot: string,
  options: { privateNetworks?: boolean; filesDir?: string } = {},
): ConnectorCommand {
  const program = path.join(projectRoot, 'server/src/connectors', PROGRAMS[id]);
  const bundle = bundledProgram(program, projectRoot);
  return {
    command: process.execPath,
    args: bundle
      ? [bundle]
      : ['--import', pathToFileURL(createRequire(path.join(projectRoot, 'package.json')).resolve('tsx')).href, program],
    runtime: 'node',
    // Connectors that open network connections refuse private addresses unless this says otherwise (kit/networkPolicy.ts).
    env: {
      ...(options.privateNetworks ? { DATAWORKS_CONNECTOR_PRIVATE_NETWORKS: 'allow' } : {}),
      // The only directory the files source may read local files from; unset, it reads URLs only.
      ...(options.filesDir ? { DATAWORKS_CONNECTOR_FILES_DIR: options.filesDir } : {}),
    },
  };
}
