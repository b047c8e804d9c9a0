// The delivery log: one row per destination a signal was sent to, with its attempts, last error
// and the receiver's answer. Rows are written before the job that sends them is queued, so the
// log shows a delivery as pending from the moment the signal matched.
import type {
  AlertDeliveryRecord,
  AlertDestination,
  AlertRuleRecord,
  DeliveryList,
  DeliveryListQuery,
} from '@common/catalog-alerts/alertsContract';
import { signalKinds, type Signal } from '@common/signals/signalTypes';
import { z } from 'zod';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { AlertDeliveryStatusColumn } from './tables.js';

/** What the log shows as a destination's target (never a secret: a webhook's query is hidden). */
export function targetOf(destination: AlertDestination): string {
  switch (destination.kind) {
    case 'in_app':
      return destination.roles.length > 0 ? `holders of ${destination.roles.join(', ')}` : 'everyone in the organisation';
    case 'email':
      return destination.addresses.join(', ');
    case 'webhook': {
      // Webhook URLs carry their secret in the path or the query (Slack's does): show the host
      // and the path's first segment only.
      const url = new URL(destination.url);
      const [first = '', ...rest] = url.pathname.split('/').filter(Boolean);
      return `${url.protocol}//${url.host}/${first}${rest.length > 0 || url.search ? '/…' : ''}`;
    }
  }
}

interface DeliveryRow {
  id: number | string;
  rule_id: string | null;
  rule_name: string;
  signal_kind: string;
  title: string;
  destination_kind: string;
  target: string;
  is_test: boolean;
  status: AlertDeliveryStatusColumn;
  attempts: number;
  last_error: string | null;
  response_status: number | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

export function toDeliveryRecord(row: DeliveryRow): AlertDeliveryRecord {
  return {
    id: String(row.id),
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    signalKind: z.enum(signalKinds).parse(row.signal_kind),
    title: row.title,
    destinationKind: z.enum(['in_app', 'email', 'webhook']).parse(row.destination_kind),
    target: row.target,
    isTest: row.is_test,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    responseStatus: row.response_status,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

const deliveryColumns = [
  'id',
  'rule_id',
  'rule_name',
  'signal_kind',
  'title',
  'destination_kind',
  'target',
  'is_test',
  'status',
  'attempts',
  'last_error',
  'response_status',
  'created_at',
  'finished_at',
] as const;

/** Records one pending delivery per destination of the rule; the destinations themselves stay on the rule. */
export async function recordDeliveries(
  db: StoreDb,
  rule: AlertRuleRecord,
  signal: Signal,
  isTest: boolean,
): Promise<AlertDeliveryRecord[]> {
  const rows = await db
    .insertInto('catalog_alert_deliveries')
    .values(
      rule.destinations.map((destination) => ({
        organisation_id: signal.organisation,
        rule_id: rule.id,
        rule_name: rule.name,
        signal_kind: signal.kind,
        title: signal.title,
        // The destination is kept with the signal, so a later edit of the rule does not redirect a retry.
        signal: JSON.stringify({ signal, destination }),
        destination_kind: destination.kind,
        target: targetOf(destination),
        is_test: isTest,
      })),
    )
    .returning(deliveryColumns)
    .execute();
  return rows.map(toDeliveryRecord);
}

export async function listDeliveries(db: StoreDb, organisation: string, query: DeliveryListQuery): Promise<DeliveryList> {
  let select = db.selectFrom('catalog_alert_deliveries').select(deliveryColumns).where('organisation_id', '=', organisation);
  if (query.ruleId) select = select.where('rule_id', '=', query.ruleId);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.before) select = select.where('id', '<', query.before);
  const rows = await select
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit).map(toDeliveryRecord);
  return { deliveries: page, nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

export interface StoredDelivery {
  id: string;
  organisation: string;
  ruleName: string;
  isTest: boolean;
  status: AlertDeliveryStatusColumn;
  signal: Signal;
  destination: AlertDestination;
}

export async function deliveryForSending(db: StoreDb, organisation: string, id: string): Promise<StoredDelivery | null> {
  const row = await db
    .selectFrom('catalog_alert_deliveries')
    .select(['id', 'organisation_id', 'rule_name', 'is_test', 'status', 'signal'])
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const stored = (typeof row.signal === 'string' ? JSON.parse(row.signal) : row.signal) as {
    signal: Signal;
    destination: AlertDestination;
  };
  return {
    id: String(row.id),
    organisation: row.organisation_id,
    ruleName: row.rule_name,
    isTest: row.is_test,
    status: row.status,
    ...stored,
  };
}

export async function recordAttempt(
  db: StoreDb,
  id: string,
  outcome: { status: AlertDeliveryStatusColumn; error: string | null; responseStatus: number | null },
): Promise<void> {
  await db
    .updateTable('catalog_alert_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: outcome.status,
      last_error: outcome.error,
      response_status: outcome.responseStatus,
      finished_at: outcome.status === 'pending' ? null : new Date(),
    }))
    .where('id', '=', id)
    .execute();
}
