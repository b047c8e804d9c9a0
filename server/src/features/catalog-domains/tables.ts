// Row types of the catalog organisation tables (migration 015): domains, by-hand domain
// membership, data products and their members.
import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../platform/store/columnTypes.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CatalogDomainsTable {
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  owners: Json<string[]>;
  experts: Json<string[]>;
  updated_at: Timestamp;
  updated_by: string;
}

export interface CatalogDomainAssetsTable {
  organisation_id: string;
  unique_id: string;
  domain: string;
  assigned_at: Timestamp;
  assigned_by: string;
}

export interface CatalogProductsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  owner: string;
  domain: string | null;
  freshness_hours: number | null;
  min_test_pass_rate: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

export interface CatalogProductMembersTable {
  product_id: string;
  unique_id: string;
  position: number;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    catalog_domains: CatalogDomainsTable;
    catalog_domain_assets: CatalogDomainAssetsTable;
    catalog_products: CatalogProductsTable;
    catalog_product_members: CatalogProductMembersTable;
  }
}
