// The settled data directory test portals start from. A portal's first start does seconds of
// work in the background (both demo organisations' sample warehouses, their usage copies, the dbt
// sample projects built and ingested, column lineage computed): about 20 s of CPU per test portal,
// which on two cores slowed every suite running beside it. The run's global setup starts one
// portal, lets that work finish, and keeps its data directory (__tests__/setup/buildPortalTemplate.ts);
// a test portal then starts on a copy, with its start-up work already done.
//
// While the template is still being built (the first suites of a run, or a run with changed
// server code), a test portal starts from the migrated store alone, as a first start does.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The environment the template portal runs with, on top of what every test portal gets: no
 * scheduled freshness check, so suites that turn it off find no results of one. A suite with the
 * schedule on reschedules it at its own start, as any portal does.
 */
export const TEMPLATE_ENV: Record<string, string> = { DBT_FRESHNESS_CHECK_MINUTES: '0' };

/**
 * Settings a suite may set and still start from the template: they change how the portal answers,
 * not what its first start writes. Anything else (a smaller sample warehouse, another backfill, a
 * real Snowflake connections file, PostgreSQL) starts from the migrated store, as before.
 */
const NEUTRAL_SETTING =
  /^(LOG_LEVEL|DBT_FRESHNESS_CHECK_MINUTES|DBT_UPLOAD_LIMIT_BYTES|ALERT_[A-Z_]+|ANALYTICS_[A-Z_]+|WEB_ANALYTICS_URL|SMTP_[A-Z_]+|IDENTITY_ADMIN_[A-Z_]+|CONNECTOR_EXECUTABLES_DIR)$/;

export function startsFromTemplate(env: Record<string, string>): boolean {
  return Object.keys(env).every((key) => NEUTRAL_SETTING.test(key));
}

/** Where the run's template lives once built (set by the global setup); null without one. */
export function portalTemplateDir(): string | null {
  const dir = process.env.DATAWORKS_TEST_PORTAL_TEMPLATE;
  return dir && existsSync(path.join(dir, 'data')) ? path.join(dir, 'data') : null;
}

const run = promisify(execFile);

/**
 * Copies the template's data directory into a new portal's (an empty folder); false when there is
 * no template yet. `cp` rather than `fs.cp`: 1,400 store files and 200 MB of warehouse files copy
 * in a fifth of the time.
 */
export async function copyPortalTemplate(dataDir: string): Promise<boolean> {
  const template = portalTemplateDir();
  if (!template) return false;
  await run('cp', ['-R', '-p', `${template}/.`, dataDir]);
  return true;
}
