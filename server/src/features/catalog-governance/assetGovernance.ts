// One asset's governance for its page: the glossary terms linked to it or its columns, and the
// classification tags in force (people's and dbt's). Another organisation's asset is a 404.
import type { AssetGovernanceResponse } from '@common/catalog-governance/assetContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { listApplications } from './classificationsStore.js';
import { GovernanceNotFoundError } from './errors.js';

export async function assetGovernance(db: StoreDb, organisation: string, assetId: string): Promise<AssetGovernanceResponse> {
  const node = await db
    .selectFrom('catalog_read_nodes')
    .select('unique_id')
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', assetId)
    .executeTakeFirst();
  if (!node) throw new GovernanceNotFoundError('asset');
  const terms = await db
    .selectFrom('glossary_term_links as l')
    .innerJoin('glossary_terms as t', 't.id', 'l.term_id')
    .innerJoin('glossaries as g', 'g.id', 't.glossary_id')
    .select(['t.id', 't.name', 't.glossary_id', 'g.name as glossary', 't.status', 'l.column_name'])
    .where('l.organisation_id', '=', organisation)
    .where('l.node_id', '=', assetId)
    .orderBy('l.column_name')
    .orderBy('t.name')
    .execute();
  const { applications } = await listApplications(db, organisation, { nodeId: assetId, limit: 500 });
  return {
    terms: terms.map((term) => ({
      id: term.id,
      name: term.name,
      glossaryId: term.glossary_id,
      glossary: term.glossary,
      status: term.status,
      columnName: term.column_name || null,
    })),
    tags: applications,
  };
}
