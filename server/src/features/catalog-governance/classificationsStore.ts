// Classifications: categories and their tags with usage (people's applications and dbt's mapped
// tags together), where a tag applies, and applying or removing one. A tag of a mutually
// exclusive category applied to a target that already has another of that category is refused
// (409 naming both) before anything is written; the store's partial unique index refuses it too
// when two people apply at once.
import { sql, type Transaction } from 'kysely';
import type {
  ApplicationRecord,
  ClassificationBody,
  ClassificationRecord,
  TagBody,
} from '@common/catalog-governance/classificationsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import { seedDefaultClassifications } from './classificationDefaults.js';
import { GovernanceConflictError, GovernanceInputError, GovernanceNotFoundError, isUniqueViolation } from './errors.js';
import { checkTarget } from './termWrites.js';

type Tx = Transaction<StoreSchema>;

/**
 * Every application in force for an organisation as SQL rows (node_id, column_name, tag_id,
 * classification_id, source, applied_by): people's, and dbt's tags and meta mapped to tags as
 * common/catalog-governance/classificationsContract.ts describes. A person's tag in a mutually
 * exclusive category replaces dbt's there.
 */
export function applicationsInForce(organisation: string) {
  return sql<{
    node_id: string;
    column_name: string;
    tag_id: string;
    classification_id: string;
    source: 'manual' | 'suggestion' | 'dbt';
    applied_by: string | null;
  }>`
    WITH meta_labels AS (
      SELECT n.unique_id AS node_id, '' AS column_name, lower(tag.value) AS label
        FROM catalog_read_nodes n CROSS JOIN LATERAL jsonb_array_elements_text(n.tags) AS tag(value) WHERE n.organisation_id = ${organisation} AND n.tags <> '[]'::jsonb
      UNION ALL
      SELECT c.node_id, c.name, lower(tag.value)
        FROM catalog_read_columns c CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS tag(value) WHERE c.organisation_id = ${organisation} AND c.tags <> '[]'::jsonb
      UNION ALL
      SELECT n.unique_id, '', CASE lower(n.meta->>'contains_pii') WHEN 'true' THEN 'pii.sensitive' WHEN 'false' THEN 'pii.nonsensitive' END
        FROM catalog_read_nodes n WHERE n.organisation_id = ${organisation} AND n.meta->>'contains_pii' IS NOT NULL
      UNION ALL
      SELECT n.unique_id, '', 'tier.tier' || substring(n.meta->>'tier' FROM '[1-5]')
        FROM catalog_read_nodes n WHERE n.organisation_id = ${organisation} AND n.meta->>'tier' ~* '^\\s*(tier)?[ _-]?[1-5]\\s*$'
    ),
    meta_keys AS (
      SELECT DISTINCT node_id, column_name,
        CASE
          WHEN label IN ('pii', 'sensitive', 'personal_data') THEN 'pii.sensitive'
          WHEN label ~ '^tier[ _-]?[1-5]$' THEN 'tier.tier' || right(label, 1)
          ELSE label
        END AS key
      FROM meta_labels WHERE label IS NOT NULL
    ),
    people AS (
      SELECT node_id, column_name, tag_id, classification_id, source, applied_by, exclusive
      FROM classification_applications WHERE organisation_id = ${organisation}
    ),
    from_dbt AS (
      SELECT k.node_id, k.column_name, t.id AS tag_id, c.id AS classification_id, 'dbt'::text AS source, NULL::text AS applied_by, c.mutually_exclusive AS exclusive
      FROM meta_keys k
      JOIN classifications c ON c.organisation_id = ${organisation}
      JOIN classification_tags t ON t.classification_id = c.id AND k.key = lower(c.name) || '.' || lower(t.name)
    )
    SELECT node_id, column_name, tag_id, classification_id, source, applied_by FROM people
    UNION ALL
    SELECT d.node_id, d.column_name, d.tag_id, d.classification_id, d.source, d.applied_by FROM from_dbt d
    WHERE NOT EXISTS (
      SELECT 1 FROM people p WHERE p.node_id = d.node_id AND p.column_name = d.column_name
        AND (p.tag_id = d.tag_id OR (d.exclusive AND p.classification_id = d.classification_id))
    )`;
}

export async function listClassifications(db: StoreDb, organisation: string): Promise<ClassificationRecord[]> {
  await seedDefaultClassifications(db, organisation);
  const { rows } = await sql<{ id: string; name: string; description: string; mutually_exclusive: boolean; tags: unknown }>`
    WITH usage AS (SELECT tag_id, count(*) AS n FROM (${applicationsInForce(organisation)}) a GROUP BY tag_id)
    SELECT c.id, c.name, c.description, c.mutually_exclusive,
      COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description, 'usage', COALESCE(u.n, 0)) ORDER BY lower(t.name))
        FROM classification_tags t LEFT JOIN usage u ON u.tag_id = t.id WHERE t.classification_id = c.id), '[]'::json) AS tags
    FROM classifications c WHERE c.organisation_id = ${organisation}
    ORDER BY lower(c.name)`.execute(db);
  return rows.map((row) => {
    const tags = (typeof row.tags === 'string' ? JSON.parse(row.tags) : row.tags) as {
      id: string;
      name: string;
      description: string;
      usage: number | string;
    }[];
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      mutuallyExclusive: row.mutually_exclusive,
      tags: tags.map((tag) => ({ ...tag, usage: Number(tag.usage) })),
    };
  });
}

export async function listApplications(
  db: StoreDb,
  organisation: string,
  query: { tagId?: string; nodeId?: string; limit: number },
): Promise<{ applications: ApplicationRecord[]; total: number }> {
  const { rows } = await sql<{
    node_id: string;
    column_name: string;
    tag_id: string;
    source: ApplicationRecord['source'];
    applied_by: string | null;
    tag: string;
    classification: string;
    node_name: string | null;
    total: number | string;
  }>`
    SELECT a.node_id, a.column_name, a.tag_id, a.source, a.applied_by, t.name AS tag, c.name AS classification, n.name AS node_name, count(*) OVER () AS total
    FROM (${applicationsInForce(organisation)}) a
    JOIN classification_tags t ON t.id = a.tag_id
    JOIN classifications c ON c.id = a.classification_id
    LEFT JOIN catalog_read_nodes n ON n.organisation_id = ${organisation} AND n.unique_id = a.node_id
    WHERE TRUE
      ${query.tagId ? sql`AND a.tag_id = ${query.tagId}` : sql``}
      ${query.nodeId ? sql`AND a.node_id = ${query.nodeId}` : sql``}
    ORDER BY a.node_id, a.column_name, c.name, t.name
    LIMIT ${query.limit}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    applications: rows.map((row) => ({
      tagId: row.tag_id,
      tag: row.tag,
      classification: row.classification,
      nodeId: row.node_id,
      nodeName: row.node_name ?? row.node_id.split('.').pop() ?? row.node_id,
      columnName: row.column_name || null,
      source: row.source,
      appliedBy: row.applied_by,
    })),
  };
}

function targetText(nodeId: string, columnName: string | null): string {
  const name = nodeId.split('.').pop() ?? nodeId;
  return columnName ? `${name}.${columnName}` : name;
}

/** Applies a tag inside `tx`; refuses a second tag of a mutually exclusive category and a repeat. */
export async function applyTagIn(
  tx: Tx,
  actor: Actor,
  tagId: string,
  nodeId: string,
  columnName: string | null,
  source: 'manual' | 'suggestion',
): Promise<void> {
  const tag = await tx
    .selectFrom('classification_tags as t')
    .innerJoin('classifications as c', 'c.id', 't.classification_id')
    .select(['t.name as tag', 'c.id as classification_id', 'c.name as classification', 'c.mutually_exclusive'])
    .where('t.organisation_id', '=', actor.organisation)
    .where('t.id', '=', tagId)
    .executeTakeFirst();
  if (!tag) throw new GovernanceNotFoundError('tag');
  await checkTarget(tx, actor.organisation, nodeId, columnName);
  const target = targetText(nodeId, columnName);
  const present = await tx
    .selectFrom('classification_applications as a')
    .innerJoin('classification_tags as t', 't.id', 'a.tag_id')
    .select(['a.tag_id', 't.name'])
    .where('a.organisation_id', '=', actor.organisation)
    .where('a.classification_id', '=', tag.classification_id)
    .where('a.node_id', '=', nodeId)
    .where('a.column_name', '=', columnName ?? '')
    .execute();
  if (present.some((row) => row.tag_id === tagId))
    throw new GovernanceConflictError('tagId', `${target} already has ${tag.classification}.${tag.tag}.`);
  const other = present[0];
  if (tag.mutually_exclusive && other) {
    throw new GovernanceConflictError(
      'tagId',
      `${tag.classification} is mutually exclusive: ${target} already has ${tag.classification}.${other.name}; remove it before applying ${tag.classification}.${tag.tag}.`,
    );
  }
  try {
    await tx
      .insertInto('classification_applications')
      .values({
        organisation_id: actor.organisation,
        tag_id: tagId,
        classification_id: tag.classification_id,
        exclusive: tag.mutually_exclusive,
        node_id: nodeId,
        column_name: columnName ?? '',
        source,
        applied_by: actor.username,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new GovernanceConflictError(
        'tagId',
        `${tag.classification} is mutually exclusive and ${target} was just given another of its tags.`,
      );
    throw error;
  }
  await writeAudit(tx, actor, {
    action: 'catalog.classification.apply',
    target: nodeId,
    details: { tag: `${tag.classification}.${tag.tag}`, columnName, source },
  });
}

export async function applyTag(db: StoreDb, actor: Actor, tagId: string, nodeId: string, columnName: string | null): Promise<void> {
  await db.transaction().execute((tx) => applyTagIn(tx, actor, tagId, nodeId, columnName, 'manual'));
}

export async function removeTag(db: StoreDb, actor: Actor, tagId: string, nodeId: string, columnName: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('classification_applications')
      .where('organisation_id', '=', actor.organisation)
      .where('tag_id', '=', tagId)
      .where('node_id', '=', nodeId)
      .where('column_name', '=', columnName ?? '')
      .returning('tag_id')
      .executeTakeFirst();
    if (!deleted) {
      const fromDbt = (await listApplications(db, actor.organisation, { tagId, nodeId, limit: 500 })).applications.some(
        (row) => row.source === 'dbt' && row.columnName === columnName,
      );
      if (fromDbt)
        throw new GovernanceInputError(
          'tagId',
          `${targetText(nodeId, columnName)} has this tag from its dbt tags or meta: change it in the dbt project.`,
        );
      throw new GovernanceNotFoundError('application of that tag');
    }
    await writeAudit(tx, actor, { action: 'catalog.classification.remove', target: nodeId, details: { tagId, columnName } });
  });
}

export async function createClassification(db: StoreDb, actor: Actor, body: Required<ClassificationBody>): Promise<string> {
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('classifications')
        .values({
          organisation_id: actor.organisation,
          name: body.name,
          description: body.description,
          mutually_exclusive: body.mutuallyExclusive,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, { action: 'catalog.classification.create', target: row.id, details: { ...body } });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new GovernanceConflictError('name', `name: a classification named "${body.name}" already exists.`);
    throw error;
  }
}

export async function deleteClassification(db: StoreDb, actor: Actor, classificationId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('classifications')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', classificationId)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw new GovernanceNotFoundError('classification');
    await writeAudit(tx, actor, { action: 'catalog.classification.delete', target: classificationId, details: { name: deleted.name } });
  });
}

export async function createTag(db: StoreDb, actor: Actor, classificationId: string, body: Required<TagBody>): Promise<string> {
  try {
    return await db.transaction().execute(async (tx) => {
      const category = await tx
        .selectFrom('classifications')
        .select('name')
        .where('organisation_id', '=', actor.organisation)
        .where('id', '=', classificationId)
        .executeTakeFirst();
      if (!category) throw new GovernanceNotFoundError('classification');
      const row = await tx
        .insertInto('classification_tags')
        .values({
          classification_id: classificationId,
          organisation_id: actor.organisation,
          name: body.name,
          description: body.description,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, {
        action: 'catalog.classification.tag.create',
        target: row.id,
        details: { classification: category.name, name: body.name },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new GovernanceConflictError('name', `name: this classification already has a tag named "${body.name}".`);
    throw error;
  }
}

export async function deleteTag(db: StoreDb, actor: Actor, tagId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('classification_tags')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', tagId)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw new GovernanceNotFoundError('tag');
    await writeAudit(tx, actor, { action: 'catalog.classification.tag.delete', target: tagId, details: { name: deleted.name } });
  });
}
