// Catalog settings in the portal store: one row per organisation and section, its value checked
// by the section's schema on the way in and on the way out (a value from an older shape falls
// back to the default rather than breaking the pages that read it). Writes are audited in the
// same transaction.
import type { z } from 'zod';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export interface StoredSection<T> {
  value: T;
  updatedBy: string | null;
  updatedAt: string | null;
}

export async function readSection<Schema extends z.ZodType>(
  db: StoreDb,
  organisation: string,
  section: string,
  schema: Schema,
  fallback: z.output<Schema>,
): Promise<StoredSection<z.output<Schema>>> {
  const row = await db
    .selectFrom('catalog_settings')
    .select(['value', 'updated_by', 'updated_at'])
    .where('organisation_id', '=', organisation)
    .where('section', '=', section)
    .executeTakeFirst();
  if (!row) return { value: fallback, updatedBy: null, updatedAt: null };
  const parsed = schema.safeParse(typeof row.value === 'string' ? JSON.parse(row.value) : row.value);
  return { value: parsed.success ? parsed.data : fallback, updatedBy: row.updated_by, updatedAt: new Date(row.updated_at).toISOString() };
}

export async function writeSection(db: StoreDb, actor: Actor, section: string, value: unknown): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('catalog_settings')
      .values({ organisation_id: actor.organisation, section, value: JSON.stringify(value), updated_by: actor.username })
      .onConflict((conflict) =>
        conflict
          .columns(['organisation_id', 'section'])
          .doUpdateSet({ value: JSON.stringify(value), updated_by: actor.username, updated_at: new Date() }),
      )
      .execute();
    await writeAudit(tx, actor, { action: `catalog.settings.${section}`, target: section, details: { value } });
  });
}
