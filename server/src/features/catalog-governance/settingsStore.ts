// The organisation's governance settings: who may edit the glossary and the personal-data rules
// of classification suggestions. Read on each write that depends on them (one primary-key read).
import {
  defaultGovernanceSettings,
  governanceSettings,
  type GovernanceSettings,
  type GovernanceSettingsResponse,
} from '@common/catalog-governance/settingsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export async function readSettings(db: StoreDb, organisation: string): Promise<GovernanceSettingsResponse> {
  const row = await db.selectFrom('governance_settings').selectAll().where('organisation_id', '=', organisation).executeTakeFirst();
  if (!row) return { settings: defaultGovernanceSettings, updatedAt: null, updatedBy: null };
  // Stored settings are re-read through the schema, so a setting added later gets its default.
  const parsed = governanceSettings.safeParse({ ...defaultGovernanceSettings, ...(row.settings as object) });
  return {
    settings: parsed.success ? parsed.data : defaultGovernanceSettings,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

export async function settingsOf(db: StoreDb, organisation: string): Promise<GovernanceSettings> {
  return (await readSettings(db, organisation)).settings;
}

export async function writeSettings(db: StoreDb, actor: Actor, settings: GovernanceSettings): Promise<GovernanceSettingsResponse> {
  await db.transaction().execute(async (tx) => {
    const now = new Date();
    await tx
      .insertInto('governance_settings')
      .values({ organisation_id: actor.organisation, settings: JSON.stringify(settings), updated_at: now, updated_by: actor.username })
      .onConflict((oc) =>
        oc.column('organisation_id').doUpdateSet({ settings: JSON.stringify(settings), updated_at: now, updated_by: actor.username }),
      )
      .execute();
    await writeAudit(tx, actor, { action: 'catalog.governance.settings', target: actor.organisation, details: { ...settings } });
  });
  return readSettings(db, actor.organisation);
}
