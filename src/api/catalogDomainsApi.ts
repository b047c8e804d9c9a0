// Domains, Data Products and cost per asset as the pages (and the side menu's product entries)
// read them. Types come from the shared contracts (types only: this file loads none of their validators).
// Requests are built from the endpoints' descriptions (common/catalog-domains/catalogDomainsEndpoints.ts).
// Reads carry the Catalog tag too, so a new ingestion refreshes them.
import type { AssetCostResponse, ExposureCostsResponse, UnreadModelsResponse } from '@common/catalog-domains/costContract';
import type { AssetDomainResponse, DomainBody, DomainMembersResponse, DomainsResponse } from '@common/catalog-domains/domainsContract';
import type { ProductBody, ProductDetail, ProductMenuResponse, ProductsResponse } from '@common/catalog-domains/productsContract';
import { endpointUrl } from '@common/api/endpoint';
import { catalogDomainsEndpoints as endpoints } from '@common/catalog-domains/catalogDomainsEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest, type EndpointResponse } from './endpointRequest';

const tagTypes = ['Catalog', 'Domains', 'Products'] as const;
const CATALOG = 'Catalog' as const;
const DOMAINS = 'Domains' as const;
const PRODUCTS = 'Products' as const;

export const catalogDomainsApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listDomains: build.query<DomainsResponse, void>({
      query: () => endpointRequest(endpoints.domains, {}),
      providesTags: [CATALOG, DOMAINS],
    }),
    /** Every asset of one domain (the list above carries the first ones only). */
    getDomainMembers: build.query<DomainMembersResponse, string>({
      query: (domain) => `${endpointUrl(endpoints.domainMembers)}?${new URLSearchParams({ domain }).toString()}`,
      providesTags: [CATALOG, DOMAINS],
    }),
    saveDomain: build.mutation<void, { name: string; body: DomainBody }>({
      query: ({ name, body }) => endpointRequest(endpoints.saveDomain, { params: { name }, body }),
      invalidatesTags: [DOMAINS],
    }),
    getAssetDomain: build.query<AssetDomainResponse, string>({
      query: (assetId) => endpointRequest(endpoints.assetDomain, { params: { assetId } }),
      providesTags: [CATALOG, DOMAINS],
    }),
    setAssetDomain: build.mutation<void, { assetId: string; domain: string | null }>({
      query: ({ assetId, domain }) => endpointRequest(endpoints.setAssetDomain, { params: { assetId }, body: { domain } }),
      invalidatesTags: [DOMAINS],
    }),
    listProducts: build.query<ProductsResponse, void>({
      query: () => endpointRequest(endpoints.products, {}),
      providesTags: [CATALOG, PRODUCTS],
    }),
    /** Names only, for the side menu. */
    getProductMenu: build.query<ProductMenuResponse, void>({
      query: () => endpointRequest(endpoints.productMenu, {}),
      providesTags: [PRODUCTS],
    }),
    getProduct: build.query<ProductDetail, string>({
      query: (id) => endpointRequest(endpoints.product, { params: { productId: id } }),
      transformResponse: (response: EndpointResponse<typeof endpoints.product>) => response.product,
      providesTags: [CATALOG, PRODUCTS],
    }),
    createProduct: build.mutation<{ id: string }, ProductBody>({
      query: (body) => endpointRequest(endpoints.createProduct, { body }),
      invalidatesTags: [PRODUCTS],
    }),
    updateProduct: build.mutation<void, { id: string; body: ProductBody }>({
      query: ({ id, body }) => endpointRequest(endpoints.updateProduct, { params: { productId: id }, body }),
      invalidatesTags: [PRODUCTS],
    }),
    deleteProduct: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteProduct, { params: { productId: id } }),
      invalidatesTags: [PRODUCTS],
    }),
    getAssetCost: build.query<AssetCostResponse, string>({
      query: (assetId) => `${endpointUrl(endpoints.assetCost)}?${new URLSearchParams({ assetId }).toString()}`,
      providesTags: [CATALOG],
    }),
    getExposureCosts: build.query<ExposureCostsResponse, void>({
      query: () => endpointRequest(endpoints.exposureCosts, {}),
      providesTags: [CATALOG],
    }),
    getUnreadModels: build.query<UnreadModelsResponse, void>({
      query: () => endpointRequest(endpoints.unreadModels, {}),
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
