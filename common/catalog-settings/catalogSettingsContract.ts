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
  .regex(
    /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/,
    'must be a host name such as hooks.slack.com or *.example.com (no scheme, port or path)',
  );

export const webhookSettings = z.strictObject({
  /** Empty: webhooks may go to any public host. Otherwise only to these (which may be private). */
  allowedHosts: z.array(hostEntry).max(ALLOWED_HOSTS_MAX, `at most ${ALLOWED_HOSTS_MAX} hosts`),
});
export type WebhookSettings = z.output<typeof webhookSettings>;

export const webhookSettingsResponse = z.object({
  settings: webhookSettings,
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type WebhookSettingsResponse = z.infer<typeof webhookSettingsResponse>;

/** What each section's GET and PUT answer: the organisation's value, the portal's default, and who changed it last. */
const sectionResponse = <T extends z.ZodType>(settings: T) =>
  z.object({ settings, portalDefault: settings, updatedBy: z.string().nullable(), updatedAt: z.string().nullable() });

export const FRESHNESS_MINUTES_MAX = 7 * 24 * 60;
export const freshnessSettings = z.strictObject({
  /** Minutes between the portal's scheduled source freshness checks; 0 = no schedule ("check now" still works). */
  checkMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 (off) or more')
    .max(FRESHNESS_MINUTES_MAX, `must be at most ${FRESHNESS_MINUTES_MAX} (a week)`),
});
export type FreshnessSettings = z.output<typeof freshnessSettings>;
export const freshnessSettingsResponse = sectionResponse(freshnessSettings);
export type FreshnessSettingsResponse = z.infer<typeof freshnessSettingsResponse>;

export const PROFILE_SAMPLE_ROWS_MIN = 1000;
export const PROFILE_SAMPLE_ROWS_MAX = 1_000_000_000;
export const profilerSettings = z.strictObject({
  /** Above this many rows the profiler computes column figures on a sample of about this many. */
  sampleRows: z
    .number({ error: 'must be a number of rows' })
    .int('must be a whole number of rows')
    .min(PROFILE_SAMPLE_ROWS_MIN, `must be at least ${PROFILE_SAMPLE_ROWS_MIN.toLocaleString('en')}`)
    .max(PROFILE_SAMPLE_ROWS_MAX, `must be at most ${PROFILE_SAMPLE_ROWS_MAX.toLocaleString('en')}`),
});
export type ProfilerSettings = z.output<typeof profilerSettings>;
export const profilerSettingsResponse = sectionResponse(profilerSettings);
export type ProfilerSettingsResponse = z.infer<typeof profilerSettingsResponse>;

export const externalCatalogSettings = z.strictObject({
  /** The organisation's external catalog (OpenMetadata, say) the Data Catalog links open; null = none. */
  url: z
    .string()
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }))
    .nullable(),
});
export type ExternalCatalogSettings = z.output<typeof externalCatalogSettings>;
export const externalCatalogSettingsResponse = sectionResponse(externalCatalogSettings);
export type ExternalCatalogSettingsResponse = z.infer<typeof externalCatalogSettingsResponse>;

/** GET /api/catalog/external-link: where the Data Catalog links of the menu lead for the caller's organisation. */
export const externalLinkResponse = z.object({ url: z.string().nullable() });
export type ExternalLinkResponse = z.infer<typeof externalLinkResponse>;

/** GET /api/catalog/settings/artifact-sources: how the organisation's dbt artifacts reach the portal. */
export const artifactSourcesResponse = z.object({
  uploadPath: z.string(),
  uploadLimitBytes: z.number(),
  /** The organisation's folder under DBT_ARTIFACTS_DIR, or null when no directory is watched. */
  watchedFolder: z.string().nullable(),
  watchedFolderExists: z.boolean(),
  uploaderRole: z.string(),
  recent: z.array(z.object({ id: z.string(), origin: z.string(), ingestedAt: z.string(), projectName: z.string().nullable() })),
});
export type ArtifactSourcesResponse = z.infer<typeof artifactSourcesResponse>;
