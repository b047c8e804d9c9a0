// Catalog Settings (GET/PUT /api/catalog/settings/<section>): what an organisation's catalog
// admins (admin, Client-Dataworks-docs) set for the catalog. Each section is stored and checked
// on its own; a section never saved answers its default.
import { z } from 'zod';

export const ALLOWED_HOSTS_MAX = 20;

/** A host name as people list it: `hooks.slack.com`, `*.example.com`, an IPv4 address or `[::1]`. */
const hostEntry = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'a host must not be empty')
  .max(253, 'a host is at most 253 characters')
  .regex(/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/, 'must be a host name such as hooks.slack.com or *.example.com (no scheme, port or path)');

export const webhookSettings = z.strictObject({
  /** Empty: webhooks may go to any public host. Otherwise only to these (which may be private). */
  allowedHosts: z.array(hostEntry).max(ALLOWED_HOSTS_MAX, `at most ${ALLOWED_HOSTS_MAX} hosts`),
});
export type WebhookSettings = z.output<typeof webhookSettings>;

export const defaultWebhookSettings: WebhookSettings = { allowedHosts: [] };

export const webhookSettingsResponse = z.object({ settings: webhookSettings, updatedBy: z.string().nullable(), updatedAt: z.string().nullable() });
export type WebhookSettingsResponse = z.infer<typeof webhookSettingsResponse>;
