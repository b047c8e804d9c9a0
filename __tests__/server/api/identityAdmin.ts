// Test helper: calls the embedded identity server's admin API directly, as the portal's admin
// client — a change made in the identity service itself (an operator in Keycloak's console),
// not through the portal, or a read of what the identity service holds.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RunningPortal } from './portalServer';

export async function identityAdmin(
  portal: RunningPortal,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const { clientId, secret } = JSON.parse(
    await fs.readFile(path.join(portal.idp.dataDir, 'identity', 'portal-admin-client.json'), 'utf8'),
  ) as { clientId: string; secret: string };
  const token = (await fetch(`${portal.idp.baseUrl}/realms/dataworks/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  }).then((response) => response.json())) as { access_token: string };
  const response = await fetch(`${portal.idp.baseUrl}/admin/realms/dataworks/portal${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}
