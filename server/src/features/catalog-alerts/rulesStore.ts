// Alert rules in the portal store: list, read, create, change, delete, each within the caller's
// organisation (another organisation's rule is not found), each change audited in the same
// transaction.
import { alertDestination, alertFilters, type AlertRuleRecord } from '@common/catalog-alerts/alertsContract';
import { signalKinds, type SignalKind } from '@common/signals/signalTypes';
import { z } from 'zod';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import { isUniqueViolation } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { AlertRuleNameTakenError, AlertRuleNotFoundError } from './errors.js';

export interface RuleValues {
  name: string;
  trigger: SignalKind;
  filters: z.output<typeof alertFilters>;
  destinations: z.output<typeof alertDestination>[];
  enabled: boolean;
}

const parseJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const iso = (value: Date | string) => new Date(value).toISOString();

export function toRuleRecord(row: {
  id: string;
  name: string;
  trigger: string;
  filters: unknown;
  destinations: unknown;
  enabled: boolean;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
}): AlertRuleRecord {
  return {
    id: row.id,
    name: row.name,
    trigger: z.enum(signalKinds).parse(row.trigger),
    filters: alertFilters.parse(parseJson(row.filters)),
    destinations: z.array(alertDestination).parse(parseJson(row.destinations)),
    enabled: row.enabled,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listRules(db: StoreDb, organisation: string): Promise<AlertRuleRecord[]> {
  const rows = await db.selectFrom('catalog_alert_rules').selectAll().where('organisation_id', '=', organisation).orderBy('name').execute();
  return rows.map(toRuleRecord);
}

/** The enabled rules of one trigger: what a signal is matched against. */
export async function rulesFor(db: StoreDb, organisation: string, trigger: SignalKind): Promise<AlertRuleRecord[]> {
  const rows = await db
    .selectFrom('catalog_alert_rules')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('trigger', '=', trigger)
    .where('enabled', '=', true)
    .execute();
  return rows.map(toRuleRecord);
}

export async function ruleById(db: StoreDb, organisation: string, id: string): Promise<AlertRuleRecord> {
  if (!UUID.test(id)) throw new AlertRuleNotFoundError();
  const row = await db
    .selectFrom('catalog_alert_rules')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AlertRuleNotFoundError();
  return toRuleRecord(row);
}

const columns = (values: RuleValues) => ({
  name: values.name,
  trigger: values.trigger,
  filters: JSON.stringify(values.filters),
  destinations: JSON.stringify(values.destinations),
  enabled: values.enabled,
});

async function named<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AlertRuleNameTakenError(name);
    throw error;
  }
}

export async function createRule(db: StoreDb, actor: Actor, values: RuleValues): Promise<AlertRuleRecord> {
  return named(values.name, () =>
    db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('catalog_alert_rules')
        .values({ organisation_id: actor.organisation, created_by: actor.username, ...columns(values) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, {
        action: 'catalog.alert_rule.create',
        target: row.id,
        details: { name: row.name, trigger: row.trigger },
      });
      return toRuleRecord(row);
    }),
  );
}

export async function updateRule(db: StoreDb, actor: Actor, id: string, values: RuleValues): Promise<AlertRuleRecord> {
  await ruleById(db, actor.organisation, id);
  return named(values.name, () =>
    db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('catalog_alert_rules')
        .set({ ...columns(values), updated_at: new Date() })
        .where('organisation_id', '=', actor.organisation)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AlertRuleNotFoundError();
      await writeAudit(tx, actor, { action: 'catalog.alert_rule.update', target: id, details: { name: row.name, enabled: row.enabled } });
      return toRuleRecord(row);
    }),
  );
}

export async function deleteRule(db: StoreDb, actor: Actor, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AlertRuleNotFoundError();
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('catalog_alert_rules')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw new AlertRuleNotFoundError();
    await writeAudit(tx, actor, { action: 'catalog.alert_rule.delete', target: id, details: { name: row.name } });
  });
}
