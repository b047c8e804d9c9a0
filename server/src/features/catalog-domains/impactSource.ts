// Impact analysis: the data products that hold an asset a change reaches, with their owners.
import { catalogProductPath } from '@common/paths';
import type { ImpactSource } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export function productsImpactSource(db: StoreDb): ImpactSource {
  return {
    kind: 'dataProducts',
    async reached(organisation, assets) {
      if (assets.length === 0) return [];
      const names = new Map(assets.map((asset) => [asset.uniqueId, asset.name]));
      const rows = await db
        .selectFrom('catalog_products as p')
        .innerJoin('catalog_product_members as m', 'm.product_id', 'p.id')
        .select(['p.id', 'p.name', 'p.owner', 'm.unique_id'])
        .where('p.organisation_id', '=', organisation)
        .where('m.unique_id', 'in', [...names.keys()])
        .orderBy('p.name')
        .execute();
      const products = new Map<string, { id: string; name: string; owner: string; members: string[] }>();
      for (const row of rows) {
        const product = products.get(row.id) ?? { id: row.id, name: row.name, owner: row.owner, members: [] };
        product.members.push(names.get(row.unique_id) ?? row.unique_id);
        products.set(row.id, product);
      }
      return [...products.values()].map((product) => ({
        id: product.id,
        name: product.name,
        via: `holds ${product.members.join(', ')}`,
        href: catalogProductPath(product.id),
        owners: product.owner ? [product.owner] : [],
      }));
    },
  };
}
