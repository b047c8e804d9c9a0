// Suggestions of personal data, made by a scan on the shared job runner and decided by a person.
// The scan looks at every column of the organisation's tables and views in the dbt artifacts:
// a name with one of the settings' patterns is suggested PII.Sensitive at once; then, when the
// settings allow it, a small sample (SAMPLE_ROWS rows, read-only, names validated and quoted) of
// each table is checked for values shaped like e-mails, phone numbers, IPs, … A column that
// already has a PII tag (from a person or dbt) is skipped, and a suggestion once rejected is not
// made again. Accepting applies PII.Sensitive (as any application: refused when the column has
// another PII tag); rejecting only records the decision.
import { sql } from 'kysely';
import { z } from 'zod';
import { SUGGESTION_SCAN_JOB, type SuggestionRecord } from '@common/catalog-governance/classificationsContract';
import { findLatestJob, type JobRunner } from '../../platform/jobs/index.js';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { Queryable } from '../../platform/warehouse/engine.js';
import { parseObjectName, quoteIdentifier } from '../../platform/warehouse/identifiers.js';
import { int, raw, sql as warehouseSql } from '../../platform/warehouse/sql.js';
import { PII_CATEGORY, PII_SENSITIVE, seedDefaultClassifications } from './classificationDefaults.js';
import { applicationsInForce, applyTagIn } from './classificationsStore.js';
import { GovernanceConflictError, GovernanceNotFoundError } from './errors.js';
import { namePattern, SAMPLE_ROWS, valueShape } from './piiPatterns.js';
import { settingsOf } from './settingsStore.js';

export type GovernanceWarehouse = (organisation: string) => Promise<Queryable | null>;

const TABLE_TYPES = ['model', 'seed', 'snapshot', 'source'];
/** Tables sampled per scan, most columns first; the rest are judged by name only. */
const SAMPLED_TABLES_MAX = 200;

interface Candidate {
  nodeId: string;
  columnName: string;
  basis: 'name' | 'values';
  evidence: string;
}

async function sensitiveTagOf(db: StoreDb, organisation: string): Promise<string | null> {
  await seedDefaultClassifications(db, organisation);
  const row = await db
    .selectFrom('classification_tags as t')
    .innerJoin('classifications as c', 'c.id', 't.classification_id')
    .select('t.id')
    .where('t.organisation_id', '=', organisation)
    .where(sql`lower(c.name)`, '=', PII_CATEGORY.toLowerCase())
    .where(sql`lower(t.name)`, '=', PII_SENSITIVE.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

/** `"DB"."SCHEMA"."TABLE"`: each part validated (length, no control characters) and quoted. */
function relationOf(node: { database_name: string | null; schema_name: string | null; identifier: string | null; name: string }) {
  const names = [node.database_name, node.schema_name, node.identifier ?? node.name].filter((name): name is string =>
    Boolean(name && name.trim()),
  );
  return raw(names.map((name) => quoteIdentifier(parseObjectName(name, 'relation'))).join('.'));
}

export async function scanForPersonalData(options: {
  db: StoreDb;
  warehouse: GovernanceWarehouse;
  organisation: string;
  signal: AbortSignal;
  progress: (fraction: number, message: string) => void;
}): Promise<{ suggested: number; sampledTables: number }> {
  const { db, organisation } = options;
  const tagId = await sensitiveTagOf(db, organisation);
  if (!tagId) return { suggested: 0, sampledTables: 0 };
  const settings = await settingsOf(db, organisation);
  const columns = await db
    .selectFrom('catalog_read_columns as c')
    .innerJoin('catalog_read_nodes as n', (join) =>
      join.onRef('n.organisation_id', '=', 'c.organisation_id').onRef('n.unique_id', '=', 'c.node_id'),
    )
    .select(['c.node_id', 'c.name as column_name', 'n.database_name', 'n.schema_name', 'n.identifier', 'n.name', 'n.materialized'])
    .where('c.organisation_id', '=', organisation)
    .where('n.resource_type', 'in', TABLE_TYPES)
    .orderBy('c.node_id')
    .orderBy('c.position')
    .execute();
  // Columns that already carry a PII tag need no suggestion.
  const { rows: tagged } = await sql<{ node_id: string; column_name: string }>`
    SELECT a.node_id, a.column_name FROM (${applicationsInForce(organisation)}) a
    JOIN classifications c ON c.id = a.classification_id WHERE lower(c.name) = ${PII_CATEGORY.toLowerCase()}`.execute(db);
  const skip = new Set(tagged.map((row) => `${row.node_id}\u0000${row.column_name}`));
  const candidates: Candidate[] = [];
  const named = new Set<string>();
  for (const column of columns) {
    const key = `${column.node_id}\u0000${column.column_name}`;
    if (skip.has(key)) continue;
    const pattern = namePattern(column.column_name, settings.piiNamePatterns);
    if (pattern) {
      candidates.push({
        nodeId: column.node_id,
        columnName: column.column_name,
        basis: 'name',
        evidence: `column name contains "${pattern}"`,
      });
      named.add(key);
    }
  }

  let sampledTables = 0;
  const warehouse = settings.sampleValues ? await options.warehouse(organisation) : null;
  if (warehouse) {
    const tables = new Map<string, { node: (typeof columns)[number]; names: string[] }>();
    for (const column of columns) {
      if (column.materialized === 'ephemeral') continue;
      const key = `${column.node_id}\u0000${column.column_name}`;
      if (skip.has(key) || named.has(key)) continue;
      const entry = tables.get(column.node_id) ?? { node: column, names: [] };
      entry.names.push(column.column_name);
      tables.set(column.node_id, entry);
    }
    const chosen = [...tables.values()].sort((a, b) => b.names.length - a.names.length).slice(0, SAMPLED_TABLES_MAX);
    for (const [index, table] of chosen.entries()) {
      options.signal.throwIfAborted();
      options.progress(index / Math.max(1, chosen.length), `Sampling ${table.node.name}`);
      let rows: Record<string, unknown>[];
      try {
        rows = await warehouse.query(warehouseSql`SELECT * FROM ${relationOf(table.node)} LIMIT ${int(SAMPLE_ROWS)}`);
      } catch {
        // A table the artifacts name but the warehouse lacks (not built yet, dropped): judged by name only.
        continue;
      }
      sampledTables += 1;
      // Warehouses answer column names in their own case: match them case-insensitively.
      const keys = new Map(Object.keys(rows[0] ?? {}).map((key) => [key.toLowerCase(), key]));
      for (const name of table.names) {
        const key = keys.get(name.toLowerCase());
        if (!key) continue;
        const shape = valueShape(rows.map((row) => row[key]));
        if (shape)
          candidates.push({
            nodeId: table.node.node_id,
            columnName: name,
            basis: 'values',
            evidence: `${shape.matched} of ${shape.of} sampled values are ${shape.label}`,
          });
      }
    }
  }

  let suggested = 0;
  for (let start = 0; start < candidates.length; start += 500) {
    const chunk = candidates.slice(start, start + 500);
    const inserted = await db
      .insertInto('classification_suggestions')
      .values(
        chunk.map((candidate) => ({
          organisation_id: organisation,
          node_id: candidate.nodeId,
          column_name: candidate.columnName,
          tag_id: tagId,
          basis: candidate.basis,
          evidence: candidate.evidence,
        })),
      )
      .onConflict((oc) => oc.columns(['organisation_id', 'node_id', 'column_name', 'tag_id']).doNothing())
      .returning('id')
      .execute();
    suggested += inserted.length;
  }
  return { suggested, sampledTables };
}

export function defineSuggestionScanJob(options: { db: StoreDb; jobs: JobRunner; warehouse: GovernanceWarehouse }): void {
  options.jobs.define(
    SUGGESTION_SCAN_JOB,
    async ({ organisation, progress, signal }) =>
      scanForPersonalData({
        db: options.db,
        warehouse: options.warehouse,
        organisation,
        signal,
        progress: (fraction, message) => progress({ fraction, message }),
      }),
    { payload: z.object({ requestedBy: z.string().max(255).nullable() }), maxAttempts: 1, routes: ['catalogClassifications'] },
  );
}

export async function startScan(
  jobs: JobRunner,
  organisation: string,
  caller: { subject: string; username: string } | null,
): Promise<string> {
  const { job } = await jobs.enqueue({
    kind: SUGGESTION_SCAN_JOB,
    organisation,
    payload: { requestedBy: caller?.username ?? null },
    startedBy: caller?.subject ?? null,
    singletonKey: 'pii-scan',
  });
  return job.id;
}

/** The newest scan of the organisation, if any (its job row). */
export async function lastScan(db: StoreDb, organisation: string): Promise<{ jobId: string | null; scannedAt: string | null }> {
  const row = await findLatestJob(db, SUGGESTION_SCAN_JOB, organisation);
  return { jobId: row?.id ?? null, scannedAt: row?.finished_at ? new Date(row.finished_at).toISOString() : null };
}

export async function listSuggestions(db: StoreDb, organisation: string, state: SuggestionRecord['state']): Promise<SuggestionRecord[]> {
  const rows = await db
    .selectFrom('classification_suggestions as s')
    .innerJoin('classification_tags as t', 't.id', 's.tag_id')
    .innerJoin('classifications as c', 'c.id', 't.classification_id')
    .leftJoin('catalog_read_nodes as n', (join) =>
      join.onRef('n.organisation_id', '=', 's.organisation_id').onRef('n.unique_id', '=', 's.node_id'),
    )
    .select([
      's.id',
      's.node_id',
      's.column_name',
      's.tag_id',
      't.name as tag',
      'c.name as classification',
      's.basis',
      's.evidence',
      's.state',
      's.decided_by',
      's.created_at',
      'n.name as node_name',
    ])
    .where('s.organisation_id', '=', organisation)
    .where('s.state', '=', state)
    .orderBy('s.node_id')
    .orderBy('s.column_name')
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    nodeId: row.node_id,
    nodeName: row.node_name ?? row.node_id.split('.').pop() ?? row.node_id,
    columnName: row.column_name,
    tagId: row.tag_id,
    tag: row.tag,
    classification: row.classification,
    basis: row.basis,
    evidence: row.evidence,
    state: row.state,
    decidedBy: row.decided_by,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function decideSuggestion(db: StoreDb, actor: Actor, suggestionId: string, decision: 'accept' | 'reject'): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const suggestion = await tx
      .selectFrom('classification_suggestions')
      .selectAll()
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', suggestionId)
      .forUpdate()
      .executeTakeFirst();
    if (!suggestion) throw new GovernanceNotFoundError('suggestion');
    if (suggestion.state !== 'pending')
      throw new GovernanceConflictError(
        'decision',
        `This suggestion was already ${suggestion.state} by ${suggestion.decided_by ?? 'someone'}.`,
      );
    if (decision === 'accept') await applyTagIn(tx, actor, suggestion.tag_id, suggestion.node_id, suggestion.column_name, 'suggestion');
    await tx
      .updateTable('classification_suggestions')
      .set({ state: decision === 'accept' ? 'accepted' : 'rejected', decided_by: actor.username, decided_at: new Date() })
      .where('id', '=', suggestionId)
      .execute();
    await writeAudit(tx, actor, {
      action: `catalog.classification.suggestion.${decision}`,
      target: suggestion.node_id,
      details: { columnName: suggestion.column_name, evidence: suggestion.evidence },
    });
  });
}
