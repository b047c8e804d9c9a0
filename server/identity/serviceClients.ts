// Service accounts: confidential clients that get access tokens with the client-credentials
// grant, for machines that call the portal API on an organisation's behalf — a client's dbt job
// uploading its artifacts after `dbt build`. Their tokens carry the organisation, the portal
// API audience and the realm role `dbt-uploader`, as a Keycloak client with a service account,
// an organisation membership and that realm role would.
//
// In demo mode each demo organisation gets one (`dataworks-dbt-<organisation>`). More are
// defined with IDENTITY_SERVICE_CLIENTS. Secrets are generated once (never logged), kept in
// `${DATA_DIR}/identity/service-clients.json` (mode 0600), and stay the same across restarts.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Logger } from './log.js';

/** The realm role the portal's access table lets upload dbt artifacts (common/access: DBT_UPLOADER_ROLE). */
export const DBT_UPLOADER_ROLE = 'dbt-uploader';

export interface ServiceClient {
  clientId: string;
  organisation: string;
  secret: string;
  roles: readonly string[];
}

export interface ServiceClientSpec {
  clientId: string;
  organisation: string;
  /** Given in the setting; generated (and kept) when absent. */
  secret?: string;
}

const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const ORGANISATION = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** IDENTITY_SERVICE_CLIENTS: `clientId:organisation[:secret]`, comma-separated. */
export function parseServiceClients(value: string | undefined): ServiceClientSpec[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [clientId = '', organisation = '', ...rest] = item.split(':');
      const secret = rest.join(':');
      if (!CLIENT_ID.test(clientId) || !ORGANISATION.test(organisation)) {
        throw new Error(`IDENTITY_SERVICE_CLIENTS must list clientId:organisation[:secret] entries, got "${item}"`);
      }
      if (secret && secret.length < 16)
        throw new Error(`IDENTITY_SERVICE_CLIENTS: the secret of ${clientId} must be at least 16 characters`);
      return { clientId, organisation, ...(secret ? { secret } : {}) };
    });
}

export function demoServiceClients(organisations: readonly string[]): ServiceClientSpec[] {
  return [...new Set(organisations)].map((organisation) => ({ clientId: `dataworks-dbt-${organisation}`, organisation }));
}

/** Loads the kept secrets, generates the missing ones, and saves the file again. */
export async function loadServiceClients(dataDir: string, specs: readonly ServiceClientSpec[], log: Logger): Promise<ServiceClient[]> {
  const file = path.join(dataDir, 'service-clients.json');
  const kept = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{}')) as Record<string, { secret?: string }>;
  const clients = specs.map((spec) => ({
    clientId: spec.clientId,
    organisation: spec.organisation,
    secret: spec.secret ?? kept[spec.clientId]?.secret ?? randomBytes(24).toString('base64url'),
    roles: [DBT_UPLOADER_ROLE],
  }));
  if (clients.length > 0) {
    const saved = Object.fromEntries(
      clients.map((client) => [client.clientId, { organisation: client.organisation, secret: client.secret }]),
    );
    await fs.writeFile(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
    for (const client of clients) {
      // The secret itself is never logged: whoever may read it reads the file (mode 0600).
      log('info', 'service client for dbt artifact uploads (client credentials)', {
        clientId: client.clientId,
        organisation: client.organisation,
        secretsFile: file,
      });
    }
  }
  return clients;
}
