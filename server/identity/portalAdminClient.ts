// The portal's service client for the admin API (adminApi.ts): `dataworks-portal-admin`, a
// confidential client of the client-credentials grant, as a Keycloak client with a service
// account and realm-management roles would be. Its secret is generated once and kept in
// `${dataDir}/portal-admin-client.json` (mode 0600), where the portal reads it; it is never
// logged. Its tokens carry no organisation and no portal role, so the portal API refuses them.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export const PORTAL_ADMIN_CLIENT_ID = 'dataworks-portal-admin';
export const PORTAL_ADMIN_SECRET_FILE = 'portal-admin-client.json';

export interface PortalAdminClient {
  clientId: string;
  secret: string;
}

export async function loadPortalAdminClient(dataDir: string): Promise<PortalAdminClient> {
  const file = path.join(dataDir, PORTAL_ADMIN_SECRET_FILE);
  const kept = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{}')) as Partial<PortalAdminClient>;
  if (kept.clientId === PORTAL_ADMIN_CLIENT_ID && typeof kept.secret === 'string' && kept.secret.length >= 32) {
    return { clientId: kept.clientId, secret: kept.secret };
  }
  const client = { clientId: PORTAL_ADMIN_CLIENT_ID, secret: randomBytes(32).toString('base64url') };
  await fs.writeFile(file, JSON.stringify(client, null, 2), { mode: 0o600 });
  return client;
}
