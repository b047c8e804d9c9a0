// What rule filters look at on the asset a signal is about: its tags, domain and owners, read
// from the dbt layer's nodes in the store (the signal carries only the asset's id).
import type { StoreDb } from '../../platform/store/openStore.js';

export interface AssetFacts {
  id: string;
  tags: string[];
  domain: string | null;
  owners: string[];
}

const asArray = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
};

export async function assetFacts(db: StoreDb, organisation: string, assetId: string): Promise<AssetFacts | null> {
  const row = await db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'tags', 'domain', 'owners'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', assetId)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.unique_id, tags: asArray(row.tags), domain: row.domain, owners: asArray(row.owners) };
}
