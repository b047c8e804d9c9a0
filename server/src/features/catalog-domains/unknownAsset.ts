// The refusal of an asset id the organisation's current project lacks: when what was sent is an
// asset's name (or ends with one), the message says which asset that is.
import { nameOfTyped, unknownAssetMessage } from '@common/dbt/unknownAsset';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import type { Transaction } from 'kysely';
import { UnknownAssetError } from './errors.js';

export async function unknownAsset(
  db: StoreDb | Transaction<StoreSchema>,
  organisation: string,
  sent: string,
  field: string,
  status: 400 | 404,
): Promise<UnknownAssetError> {
  const named = await db
    .selectFrom('catalog_read_nodes')
    .select('unique_id')
    .where('organisation_id', '=', organisation)
    .where('name', '=', nameOfTyped(sent))
    .limit(2)
    .execute();
  const known = named.length === 1 && named[0]?.unique_id !== sent ? (named[0]?.unique_id ?? null) : null;
  return new UnknownAssetError(field, unknownAssetMessage(sent, known), status);
}
