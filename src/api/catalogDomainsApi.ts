// Domains, Data Products and cost per asset as the pages (and the side menu's product entries)
// read them. Types come from the shared contracts (type-only: zod stays out of the bundle).
// Reads carry the Catalog tag too, so a new ingestion refreshes them.
import type { AssetCostResponse, ExposureCostsResponse, UnreadModelsResponse } from '@common/catalog-domains/costContract';
import type { AssetDomainResponse, DomainBody, DomainMembersResponse, DomainsResponse } from '@common/catalog-domains/domainsContract';
import type { ProductBody, ProductDetail, ProductMenuResponse, ProductsResponse } from '@common/catalog-domains/productsContract';
import { baseApi } from './baseApi';

const tagTypes = ['Catalog', 'Domains', 'Products'] as const;
const CATALOG = 'Catalog' as const;
const DOMAINS = 'Domains' as const;
const PRODUCTS = 'Products' as const;

export const catalogDomainsApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listDomains: build.query<DomainsResponse, void>({
      query: () => 'api/catalog/domains',
      providesTags: [CATALOG, DOMAINS],
    }),
    /** Every asset of one domain (the list above carries the first ones only). */
    getDomainMembers: build.query<DomainMembersResponse, string>({
      query: (domain) => `api/catalog/domains/members?${new URLSearchParams({ domain }).toString()}`,
      providesTags: [CATALOG, DOMAINS],
    }),
    saveDomain: build.mutation<void, { name: string; body: DomainBody }>({
      query: ({ name, body }) => ({ url: `api/catalog/domains/${encodeURIComponent(name)}`, method: 'PUT', body }),
      invalidatesTags: [DOMAINS],
    }),
    getAssetDomain: build.query<AssetDomainResponse, string>({
      query: (assetId) => `api/catalog/domains/assets/${encodeURIComponent(assetId)}`,
      providesTags: [CATALOG, DOMAINS],
    }),
    setAssetDomain: build.mutation<void, { assetId: string; domain: string | null }>({
      query: ({ assetId, domain }) => ({
        url: `api/catalog/domains/assets/${encodeURIComponent(assetId)}`,
        method: 'PUT',
        body: { domain },
      }),
      invalidatesTags: [DOMAINS],
    }),
    listProducts: build.query<ProductsResponse, void>({
      query: () => 'api/catalog/products',
      providesTags: [CATALOG, PRODUCTS],
    }),
    /** Names only, for the side menu. */
    getProductMenu: build.query<ProductMenuResponse, void>({
      query: () => 'api/catalog/products/menu',
      providesTags: [PRODUCTS],
    }),
    getProduct: build.query<ProductDetail, string>({
      query: (id) => `api/catalog/products/${encodeURIComponent(id)}`,
      transformResponse: (response: { product: ProductDetail }) => response.product,
      providesTags: [CATALOG, PRODUCTS],
    }),
    createProduct: build.mutation<{ id: string }, ProductBody>({
      query: (body) => ({ url: 'api/catalog/products', method: 'POST', body }),
      invalidatesTags: [PRODUCTS],
    }),
    updateProduct: build.mutation<void, { id: string; body: ProductBody }>({
      query: ({ id, body }) => ({ url: `api/catalog/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [PRODUCTS],
    }),
    deleteProduct: build.mutation<void, string>({
      query: (id) => ({ url: `api/catalog/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [PRODUCTS],
    }),
    getAssetCost: build.query<AssetCostResponse, string>({
      query: (assetId) => `api/catalog/costs/asset?${new URLSearchParams({ assetId }).toString()}`,
      providesTags: [CATALOG],
    }),
    getExposureCosts: build.query<ExposureCostsResponse, void>({
      query: () => 'api/catalog/costs/exposures',
      providesTags: [CATALOG],
    }),
    getUnreadModels: build.query<UnreadModelsResponse, void>({
      query: () => 'api/catalog/costs/unread-models',
      providesTags: [CATALOG],
    }),
  }),
});

export const {
  useListDomainsQuery,
  useGetDomainMembersQuery,
  useSaveDomainMutation,
  useGetAssetDomainQuery,
  useSetAssetDomainMutation,
  useListProductsQuery,
  useGetProductMenuQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useGetAssetCostQuery,
  useGetExposureCostsQuery,
  useGetUnreadModelsQuery,
} = catalogDomainsApi;
