// The categories every organisation starts with, created on its first use of Classifications:
// PII (Sensitive / NonSensitive) and Tier (Tier1–Tier5), both mutually exclusive. They are only
// created while the organisation has no category at all, so one it deletes stays deleted as
// long as it keeps any other.
import { sql } from 'kysely';
import type { StoreDb } from '../../platform/store/openStore.js';

const DEFAULTS = [
  {
    name: 'PII',
    description: 'Personally identifiable information: data that identifies a person on its own or with other data.',
    tags: [
      ['Sensitive', 'Identifies a person (e-mail, phone, address, national id, date of birth …): access and retention are restricted.'],
      ['NonSensitive', 'Reviewed and found not to identify anyone.'],
    ],
  },
  {
    name: 'Tier',
    description: 'How critical an asset is to the business, Tier1 most.',
    tags: [
      ['Tier1', 'Critical: drives revenue, external reporting or regulatory duties.'],
      ['Tier2', 'Important: used by several teams for decisions.'],
      ['Tier3', 'Team level: used within one team.'],
      ['Tier4', 'Personal or exploratory.'],
      ['Tier5', 'Unused or about to be retired.'],
    ],
  },
] as const;

export const PII_CATEGORY = 'PII';
export const PII_SENSITIVE = 'Sensitive';

export async function seedDefaultClassifications(db: StoreDb, organisation: string): Promise<void> {
  const any = await db.selectFrom('classifications').select('id').where('organisation_id', '=', organisation).limit(1).executeTakeFirst();
  if (any) return;
  await db.transaction().execute(async (tx) => {
    for (const category of DEFAULTS) {
      // Two first uses at once: the second finds the name taken and leaves the first's rows.
      const { rows } = await sql<{ id: string }>`
        INSERT INTO classifications (organisation_id, name, description, mutually_exclusive)
        VALUES (${organisation}, ${category.name}, ${category.description}, true)
        ON CONFLICT DO NOTHING RETURNING id`.execute(tx);
      const id = rows[0]?.id;
      if (!id) continue;
      await tx
        .insertInto('classification_tags')
        .values(category.tags.map(([name, description]) => ({ classification_id: id, organisation_id: organisation, name, description })))
        .execute();
    }
  });
}
