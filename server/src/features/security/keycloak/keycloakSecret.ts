// The Keycloak service account's secret: from the settings, or from the secret file as
// `{"secret": "…"}` (the shape the embedded identity server writes for its own admin client).
import { promises as fs } from 'node:fs';
import { z } from 'zod';

export async function keycloakClientSecret(settings: { clientSecret: string | undefined; secretFile: string }): Promise<string> {
  if (settings.clientSecret) return settings.clientSecret;
  let text: string;
  try {
    text = await fs.readFile(settings.secretFile, 'utf8');
  } catch {
    throw new Error(
      `IDENTITY_ADMIN_API=keycloak needs IDENTITY_ADMIN_CLIENT_SECRET, or the secret in ${settings.secretFile} as {"secret": "…"}.`,
    );
  }
  const parsed = z.object({ secret: z.string().min(1) }).safeParse(JSON.parse(text) as unknown);
  if (!parsed.success) throw new Error(`${settings.secretFile} must hold {"secret": "…"} for IDENTITY_ADMIN_API=keycloak.`);
  return parsed.data.secret;
}
