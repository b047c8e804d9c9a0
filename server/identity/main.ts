/**
 * Runs the dev identity server on its own: `npx tsx server/identity/main.ts`.
 * Settings come from the environment (see config.ts).
 */
import { loadIdentityConfig } from './config.js';
import { jsonLogger } from './log.js';
import { startIdentityServer } from './server.js';

async function main(): Promise<void> {
  const config = loadIdentityConfig();
  const server = await startIdentityServer(config);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    jsonLogger('info', 'shutting down', { signal });
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        jsonLogger('error', 'shutdown failed', { error: err instanceof Error ? err.message : String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  jsonLogger('error', 'identity server failed to start', { error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
