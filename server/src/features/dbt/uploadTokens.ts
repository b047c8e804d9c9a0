// Upload tokens in the store: made (the secret returned once, only its SHA-256 kept), listed,
// revoked, and resolved to a caller when a dbt job presents one. A revoked or unknown token is a
// 401 like an expired sign-in token; the caller it becomes holds only the dbt uploader role, in
// the token's organisation.
import { createHash, randomBytes } from 'node:crypto';
import { DBT_UPLOADER_ROLE } from '@common/access/access';
import { UPLOAD_TOKENS_MAX, type UploadTokenRecord } from '@common/dbt/uploadTokensContract';
import { HttpError } from '../../platform/http/errors.js';
import type { Caller } from '../../platform/http/auth/tokenVerifier.js';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Seen again within this long, a token's "last used" is not written again (an upload is several requests). */
const LAST_USED_GRANULARITY_MS = 60_000;

function toRecord(row: {
  id: string;
  name: string;
  token_start: string;
  created_by: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}): UploadTokenRecord {
  return {
    id: row.id,
    name: row.name,
    start: row.token_start,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

const columns = ['id', 'name', 'token_start', 'created_by', 'created_at', 'last_used_at'] as const;

export async function listUploadTokens(db: StoreDb, organisation: string): Promise<UploadTokenRecord[]> {
  const rows = await db
    .selectFrom('dbt_upload_tokens')
    .select(columns)
    .where('organisation_id', '=', organisation)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function createUploadToken(db: StoreDb, actor: Actor, name: string): Promise<{ token: string; record: UploadTokenRecord }> {
  const token = `dwu_${randomBytes(32).toString('base64url')}`;
  const record = await db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('dbt_upload_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organisation_id', '=', actor.organisation)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= UPLOAD_TOKENS_MAX)
      throw new HttpError(409, 'conflict', `An organisation has at most ${UPLOAD_TOKENS_MAX} upload tokens; revoke one first.`);
    const row = await tx
      .insertInto('dbt_upload_tokens')
      .values({
        organisation_id: actor.organisation,
        name,
        token_hash: hashOf(token),
        token_start: token.slice(0, 10),
        created_by: actor.username,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, { action: 'dbt.upload_token.create', target: row.id, details: { name } });
    return toRecord(row);
  });
  return { token, record };
}

export async function revokeUploadToken(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('dbt_upload_tokens')
      .set({ revoked_at: new Date() })
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['name'])
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'No upload token with that id in your organisation.');
    await writeAudit(tx, actor, { action: 'dbt.upload_token.revoke', target: id, details: { name: row.name } });
  });
}

/** Resolves a presented token to its caller; 401 when it is unknown or revoked. */
export function uploadTokenVerifier(db: StoreDb) {
  return async (token: string): Promise<Caller> => {
    const row = await db
      .selectFrom('dbt_upload_tokens')
      .select(['id', 'organisation_id', 'name', 'last_used_at', 'revoked_at'])
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    if (!row || row.revoked_at) throw new HttpError(401, 'invalid_token', 'The upload token is unknown or was revoked.');
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > LAST_USED_GRANULARITY_MS) {
      await db.updateTable('dbt_upload_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
    }
    return {
      subject: `upload-token:${row.id}`,
      username: `upload token "${row.name}"`,
      organisation: row.organisation_id,
      roles: [DBT_UPLOADER_ROLE],
    };
  };
}
