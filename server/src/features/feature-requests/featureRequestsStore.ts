// Feature requests: one vote per user (a primary key), comments, subscribers (the author, voters
// and commenters join; anyone may leave), and the roadmap's status moves (common/feature-requests).
// Writes are audited in their transaction; a refused move changes nothing.
import { sql, type Transaction } from 'kysely';
import { canManageRoadmap } from '@common/access/access';
import type { FeatureDetail, FeatureInput, FeatureSummary } from '@common/feature-requests/featureRequestsContract';
import { featureTransitionProblem, type FeatureStatus } from '@common/feature-requests/featureRules';
import { parseSearch } from '../../platform/search/index.js';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { InconsistentRequestError, RecordNotFoundError } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';

export interface FeatureActor extends Actor {
  roles: readonly string[];
}

type Db = StoreDb | Transaction<StoreSchema>;
const iso = (value: Date | string) => new Date(value).toISOString();

function features(db: Db, actor: FeatureActor) {
  return db
    .selectFrom('feature_requests as f')
    .select(['f.id', 'f.title', 'f.description', 'f.status', 'f.decline_reason', 'f.author_username', 'f.created_at', 'f.updated_at'])
    .select([
      sql<number>`(SELECT count(*) FROM feature_votes v WHERE v.feature_id = f.id)`.as('votes'),
      sql<number>`(SELECT count(*) FROM feature_comments c WHERE c.feature_id = f.id)`.as('comments'),
      sql<boolean>`EXISTS (SELECT 1 FROM feature_votes v WHERE v.feature_id = f.id AND v.subject = ${actor.subject})`.as('my_vote'),
    ])
    .where('f.organisation_id', '=', actor.organisation);
}

type FeatureRow = Awaited<ReturnType<ReturnType<typeof features>['executeTakeFirstOrThrow']>>;

function toSummary(row: FeatureRow): FeatureSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status as FeatureStatus,
    declineReason: row.decline_reason,
    authorUsername: row.author_username,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    votes: Number(row.votes),
    myVote: Boolean(row.my_vote),
    comments: Number(row.comments),
  };
}

export async function listFeatures(
  db: StoreDb,
  actor: FeatureActor,
  filter: { q?: string; status?: FeatureStatus; sort?: 'votes' | 'newest' },
): Promise<FeatureSummary[]> {
  const search = parseSearch(filter.q);
  if ((filter.q ?? '').trim() !== '' && !search.tsquery) return [];
  let query = features(db, actor);
  if (search.tsquery) query = query.where(sql<boolean>`f.document @@ to_tsquery('simple', ${search.tsquery})`);
  if (filter.status) query = query.where('f.status', '=', filter.status);
  if (filter.sort !== 'newest') query = query.orderBy(sql`votes`, 'desc');
  const rows = await query.orderBy('f.created_at', 'desc').orderBy('f.id').limit(200).execute();
  return rows.map(toSummary);
}

async function featureRow(db: Db, actor: FeatureActor, id: string, forUpdate = false): Promise<FeatureRow> {
  const query = features(db, actor).where('f.id', '=', id);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new RecordNotFoundError('feature request');
  return row;
}

export async function featureDetail(db: StoreDb, actor: FeatureActor, id: string): Promise<FeatureDetail> {
  const row = await featureRow(db, actor, id);
  const [comments, subscribers] = await Promise.all([
    db
      .selectFrom('feature_comments')
      .select(['id', 'body', 'author_username', 'created_at'])
      .where('feature_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('feature_subscribers').select('subject').where('feature_id', '=', id).execute(),
  ]);
  return {
    ...toSummary(row),
    description: row.description,
    subscribed: subscribers.some((s) => s.subject === actor.subject),
    subscribers: subscribers.length,
    commentList: comments.map((c) => ({ id: c.id, body: c.body, authorUsername: c.author_username, createdAt: iso(c.created_at) })),
    canChangeStatus: canManageRoadmap(actor.roles),
  };
}

async function subscribe(tx: Transaction<StoreSchema>, actor: FeatureActor, featureId: string): Promise<void> {
  await tx
    .insertInto('feature_subscribers')
    .values({ feature_id: featureId, organisation_id: actor.organisation, subject: actor.subject, username: actor.username })
    .onConflict((oc) => oc.columns(['feature_id', 'subject']).doNothing())
    .execute();
}

export async function createFeature(db: StoreDb, actor: FeatureActor, input: FeatureInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const row = await tx
      .insertInto('feature_requests')
      .values({
        organisation_id: actor.organisation,
        title: input.title,
        description: input.description,
        author_subject: actor.subject,
        author_username: actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await subscribe(tx, actor, row.id);
    await writeAudit(tx, actor, { action: 'feature.create', target: row.id, details: { title: input.title } });
    return row.id;
  });
}

export async function voteOnFeature(db: StoreDb, actor: FeatureActor, id: string, on: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await featureRow(tx, actor, id);
    const changed = on
      ? await tx
          .insertInto('feature_votes')
          .values({ feature_id: id, organisation_id: actor.organisation, subject: actor.subject })
          .onConflict((oc) => oc.columns(['feature_id', 'subject']).doNothing())
          .returning('feature_id')
          .executeTakeFirst()
      : await tx
          .deleteFrom('feature_votes')
          .where('feature_id', '=', id)
          .where('subject', '=', actor.subject)
          .returning('feature_id')
          .executeTakeFirst();
    if (on) await subscribe(tx, actor, id);
    if (changed) await writeAudit(tx, actor, { action: on ? 'feature.vote' : 'feature.unvote', target: id });
  });
}

export async function commentOnFeature(db: StoreDb, actor: FeatureActor, id: string, body: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await featureRow(tx, actor, id);
    const row = await tx
      .insertInto('feature_comments')
      .values({ feature_id: id, organisation_id: actor.organisation, body, author_subject: actor.subject, author_username: actor.username })
      .returning('id')
      .executeTakeFirstOrThrow();
    await subscribe(tx, actor, id);
    await writeAudit(tx, actor, { action: 'feature.comment', target: id, details: { comment: row.id } });
  });
}

export async function setSubscription(db: StoreDb, actor: FeatureActor, id: string, subscribed: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await featureRow(tx, actor, id);
    if (subscribed) await subscribe(tx, actor, id);
    else await tx.deleteFrom('feature_subscribers').where('feature_id', '=', id).where('subject', '=', actor.subject).execute();
    await writeAudit(tx, actor, { action: subscribed ? 'feature.subscribe' : 'feature.unsubscribe', target: id });
  });
}

export interface StatusChange {
  title: string;
  from: FeatureStatus;
  to: FeatureStatus;
  reason: string | null;
  /** Who to tell (token subjects). */
  subscribers: string[];
}

/** Moves a request on the roadmap; a move the rules refuse answers 400 naming it, and a decline needs a reason. */
export async function changeFeatureStatus(
  db: StoreDb,
  actor: FeatureActor,
  id: string,
  to: FeatureStatus,
  reason: string | undefined,
): Promise<StatusChange> {
  return db.transaction().execute(async (tx) => {
    const row = await featureRow(tx, actor, id, true);
    const from = row.status as FeatureStatus;
    const problem = featureTransitionProblem(from, to);
    if (problem) throw new InconsistentRequestError('status', problem);
    if (to === 'declined' && !reason) throw new InconsistentRequestError('reason', 'reason: say why the request is declined.');
    const declineReason = to === 'declined' ? (reason as string) : null;
    await tx
      .updateTable('feature_requests')
      .set({ status: to, decline_reason: declineReason, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await writeAudit(tx, actor, { action: 'feature.status', target: id, details: { from, to, reason: declineReason } });
    const subscribers = await tx.selectFrom('feature_subscribers').select('subject').where('feature_id', '=', id).execute();
    return { title: row.title, from, to, reason: declineReason, subscribers: subscribers.map((s) => s.subject) };
  });
}
