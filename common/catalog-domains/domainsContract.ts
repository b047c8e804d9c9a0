// Domains (GET/PUT/DELETE /api/catalog/domains…): every domain of the organisation's dbt project
// with its assets (the first ones; all of one domain from /members), owners, experts, test pass
// share and source freshness, and the by-hand
// membership of an asset (PUT /api/catalog/domains/assets/:assetId). The domain rule is in
// catalogOrganisationRules.ts.
import { z } from 'zod';
import { DESCRIPTION_MAX, DOMAIN_NAME_MAX, PEOPLE_MAX } from './catalogOrganisationRules';

export const domainName = z
  .string({ error: 'must be a text' })
  .trim()
  .min(1, 'must not be empty')
  .max(DOMAIN_NAME_MAX, `must be at most ${DOMAIN_NAME_MAX} characters`)
  .regex(/^[^/\\]+$/, 'must not contain slashes');

const person = z.string({ error: 'must be a text' }).trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
export const people = z.array(person, { error: 'must be a list of names' }).max(PEOPLE_MAX, `must list at most ${PEOPLE_MAX} people`);

export const domainParams = z.strictObject({ name: domainName });
export const domainAssetParams = z.strictObject({
  assetId: z.string().trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
});

export const domainBody = z.strictObject({
  description: z.string({ error: 'must be a text' }).max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`).default(''),
  owners: people.default([]),
  experts: people.default([]),
});
export type DomainBody = z.input<typeof domainBody>;

/** null: back to the dbt rule. */
export const domainAssetBody = z.strictObject({ domain: domainName.nullable() });
export type DomainAssetBody = z.infer<typeof domainAssetBody>;

export const domainAsset = z.object({
  uniqueId: z.string(),
  name: z.string(),
  resourceType: z.string(),
  /** How the asset came to this domain. */
  assignedBy: z.enum(['hand', 'meta', 'tag', 'folder']),
});
export type DomainAsset = z.infer<typeof domainAsset>;

export const domainSummary = z.object({
  name: z.string(),
  description: z.string(),
  owners: z.array(z.string()),
  experts: z.array(z.string()),
  /** Whether the portal holds a description of it (else it exists only through its assets). */
  described: z.boolean(),
  assetCount: z.number(),
  /** The first assets by type and name (DOMAIN_ASSETS_SHOWN; the page asks for the rest with GET /api/catalog/domains/members). */
  assets: z.array(domainAsset),
  tests: z.object({ total: z.number(), passing: z.number(), withResult: z.number(), passShare: z.number().nullable() }),
  freshness: z.object({ sources: z.number(), pass: z.number(), warn: z.number(), error: z.number(), unknown: z.number() }),
});
export type DomainSummary = z.infer<typeof domainSummary>;

export const domainsResponse = z.object({ domains: z.array(domainSummary), unassigned: z.number() });
export type DomainsResponse = z.infer<typeof domainsResponse>;

export const DOMAIN_ASSETS_SHOWN = 50;

/** GET /api/catalog/domains/members?domain=…: every asset of one domain, however it joined (by hand, meta, tag or folder). */
export const domainMembersQuery = z.strictObject({ domain: domainName });
export const domainMembersResponse = z.object({ assets: z.array(domainAsset) });
export type DomainMembersResponse = z.infer<typeof domainMembersResponse>;

/** GET /api/catalog/domains/assets/:assetId: the asset's domain now and which rule placed it (null: none). */
export const assetDomainResponse = z.object({
  assetId: z.string(),
  domain: z.string().nullable(),
  assignedBy: z.enum(['hand', 'meta', 'tag', 'folder']).nullable(),
});
export type AssetDomainResponse = z.infer<typeof assetDomainResponse>;
