// Upload tokens (GET/POST /api/dbt/upload-tokens, DELETE /api/dbt/upload-tokens/:id; the Catalog
// Settings' admins): secrets a dbt job sends as `Authorization: Bearer dwu_…` to upload its
// artifacts (POST /api/dbt/artifacts) and read what its upload became (GET /api/dbt/ingestions).
// The token is shown once, when made; the portal keeps only a hash.
import { z } from 'zod';

export const UPLOAD_TOKEN_NAME_MAX = 100;
export const UPLOAD_TOKENS_MAX = 20;

export const uploadTokenBody = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(UPLOAD_TOKEN_NAME_MAX, `must be at most ${UPLOAD_TOKEN_NAME_MAX} characters`),
});
export type UploadTokenBody = z.infer<typeof uploadTokenBody>;

export const uploadTokenRecord = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart. */
  start: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type UploadTokenRecord = z.infer<typeof uploadTokenRecord>;

export const uploadTokenList = z.object({ tokens: z.array(uploadTokenRecord) });
export type UploadTokenList = z.infer<typeof uploadTokenList>;

/** The answer to POST: the token itself, this once. */
export const uploadTokenCreated = z.object({ token: z.string(), record: uploadTokenRecord });
export type UploadTokenCreated = z.infer<typeof uploadTokenCreated>;

export const uploadTokenIdParams = z.strictObject({ id: z.uuid({ error: 'must be an upload token id' }) });
