// Each user's last layout settings, so support staff can see and reproduce what a user sees.
import { sql } from 'kysely';
import { ensureOrganisation } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export interface SavedLayoutSettings {
  username: string;
  settings: Record<string, unknown>;
  updatedAt: string;
}

export interface LayoutOwner {
  organisation: string;
  subject: string;
  username: string;
}

export async function saveLayoutSettings(db: StoreDb, owner: LayoutOwner, settings: Record<string, unknown>): Promise<SavedLayoutSettings> {
  const row = await db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, owner.organisation);
    return tx
      .insertInto('user_layout_settings')
      .values({ organisation_id: owner.organisation, username: owner.username, subject: owner.subject, settings: JSON.stringify(settings) })
      .onConflict((oc) =>
        oc.columns(['organisation_id', 'username']).doUpdateSet({
          subject: owner.subject,
          settings: JSON.stringify(settings),
          updated_at: sql<Date>`now()`,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { username: row.username, settings: row.settings, updatedAt: new Date(row.updated_at).toISOString() };
}

export async function findLayoutSettings(db: StoreDb, organisation: string, username: string): Promise<SavedLayoutSettings | null> {
  const row = await db
    .selectFrom('user_layout_settings')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? { username: row.username, settings: row.settings, updatedAt: new Date(row.updated_at).toISOString() } : null;
}
