/**
 * API keys: `dw_live_<prefix>_<secret>`. The prefix is public (it finds the key and is shown in
 * lists); the secret has 192 bits of entropy, so a plain SHA-256 of the whole key is a safe
 * thing to store and compare (in constant time). The full key exists only in the creating
 * answer; it is never stored, logged or returned again.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeySummary } from '@common/data-api/dataApiContract';
import { API_KEY_PREFIX } from '@common/data-api/dataApiRules';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { DataApiError } from './errors.js';

const KEY_SHAPE = /^dw_live_([a-z0-9]{10})_([A-Za-z0-9_-]{32})$/;

const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface NewKey {
  name: string;
  scopes: string[];
  fixedParameters: Record<string, string>;
  expiresAt: string | null;
  rateLimit: number;
}

function newSecret(): { key: string; prefix: string } {
  const prefix = randomBytes(8).toString('hex').slice(0, 10);
  const secret = randomBytes(24).toString('base64url');
  return { key: `${API_KEY_PREFIX}${prefix}_${secret}`, prefix };
}

export async function listKeys(db: StoreDb, organisation: string): Promise<ApiKeySummary[]> {
  const [keys, endpoints] = await Promise.all([
    db.selectFrom('data_api_keys').selectAll().where('organisation_id', '=', organisation).orderBy('created_at', 'desc').execute(),
    db.selectFrom('data_api_endpoints').select(['id', 'name']).where('organisation_id', '=', organisation).execute(),
  ]);
  const names = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.name]));
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    prefix: `${API_KEY_PREFIX}${key.prefix}`,
    // A deleted endpoint drops out of the key's scopes.
    scopes: key.scopes.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) ?? '' })),
    fixedParameters: key.fixed_parameters,
    expiresAt: iso(key.expires_at),
    rateLimit: key.rate_limit,
    createdBy: key.created_by,
    createdAt: iso(key.created_at) ?? '',
    lastUsedAt: iso(key.last_used_at),
    revokedAt: iso(key.revoked_at),
  }));
}

/** Creates a key; answers its summary and the full secret (the only time it exists outside the caller). */
export async function createKey(db: StoreDb, actor: Actor, input: NewKey): Promise<{ id: string; secret: string }> {
  if (input.expiresAt !== null && new Date(input.expiresAt).getTime() <= Date.now())
    throw new DataApiError('invalid', 'expiresAt: must be in the future.', 'expiresAt');
  const { key, prefix } = newSecret();
  const id = await db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const known = await tx
      .selectFrom('data_api_endpoints')
      .select('id')
      .where('organisation_id', '=', actor.organisation)
      .where('id', 'in', input.scopes)
      .execute();
    // Another organisation's endpoint id reads as unknown, like any id that does not exist.
    const missing = input.scopes.find((scope) => !known.some((row) => row.id === scope));
    if (missing) throw new DataApiError('invalid', `scopes: ${missing} is not an endpoint of your organisation.`, 'scopes');
    const row = await tx
      .insertInto('data_api_keys')
      .values({
        organisation_id: actor.organisation,
        name: input.name,
        prefix,
        secret_hash: hashOf(key),
        scopes: JSON.stringify([...new Set(input.scopes)]),
        fixed_parameters: JSON.stringify(input.fixedParameters),
        expires_at: input.expiresAt,
        rate_limit: input.rateLimit,
        created_by: actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, { action: 'data_api.key.create', target: input.name, details: { prefix: `${API_KEY_PREFIX}${prefix}` } });
    return row.id;
  });
  return { id, secret: key };
}

export async function revokeKey(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const key = await tx
      .selectFrom('data_api_keys')
      .select(['name', 'revoked_at'])
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!key) throw new DataApiError('not_found', 'This API key does not exist.');
    if (key.revoked_at) return;
    await tx.updateTable('data_api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    await writeAudit(tx, actor, { action: 'data_api.key.revoke', target: key.name });
  });
}

export interface CallerKey {
  id: string;
  organisation: string;
  name: string;
  scopes: string[];
  fixedParameters: Record<string, string>;
  rateLimit: number;
}

/** The key a caller presented, if it exists, matches, is not revoked and has not expired; null otherwise. */
export async function authenticateKey(db: StoreDb, presented: string): Promise<CallerKey | null> {
  const shape = KEY_SHAPE.exec(presented);
  if (!shape?.[1]) return null;
  const row = await db.selectFrom('data_api_keys').selectAll().where('prefix', '=', shape[1]).executeTakeFirst();
  if (!row) return null;
  const expected = Buffer.from(row.secret_hash, 'hex');
  const actual = Buffer.from(hashOf(presented), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (row.revoked_at !== null) return null;
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now()) return null;
  return {
    id: row.id,
    organisation: row.organisation_id,
    name: row.name,
    scopes: row.scopes,
    fixedParameters: row.fixed_parameters,
    rateLimit: row.rate_limit,
  };
}
