// Domains', Data Products' and cost per asset's endpoints (common/api/endpoint.ts): the server
// registers its routes from them and the browser builds its requests from them. Types only come
// from the contracts.
import { endpoint } from '../api/endpoint';
import type { AssetCostResponse, ExposureCostsResponse, UnreadModelsResponse } from './costContract';
import type { AssetDomainResponse, DomainAssetBody, DomainBody, DomainMembersResponse, DomainsResponse } from './domainsContract';
import type { ProductBody, ProductDetail, ProductMenuResponse, ProductsResponse } from './productsContract';

type ByName = { name: string };
type ByAsset = { assetId: string };
type ByProduct = { productId: string };

export const catalogDomainsEndpoints = {
  domains: endpoint<{ response: DomainsResponse }>()('GET', '/api/catalog/domains'),
  // A query parameter, not a path segment: a domain may be called anything, "assets" included.
  domainMembers: endpoint<{ query: { domain: string }; response: DomainMembersResponse }>()('GET', '/api/catalog/domains/members'),
  assetDomain: endpoint<{ params: ByAsset; response: AssetDomainResponse }>()('GET', '/api/catalog/domains/assets/:assetId'),
  setAssetDomain: endpoint<{ params: ByAsset; body: DomainAssetBody; response: void }>()(
    'PUT',
    '/api/catalog/domains/assets/:assetId',
    204,
  ),
  saveDomain: endpoint<{ params: ByName; body: DomainBody; response: void }>()('PUT', '/api/catalog/domains/:name', 204),
  deleteDomain: endpoint<{ params: ByName; response: void }>()('DELETE', '/api/catalog/domains/:name', 204),

  products: endpoint<{ response: ProductsResponse }>()('GET', '/api/catalog/products'),
  productMenu: endpoint<{ response: ProductMenuResponse }>()('GET', '/api/catalog/products/menu'),
  product: endpoint<{ params: ByProduct; response: { product: ProductDetail } }>()('GET', '/api/catalog/products/:productId'),
  createProduct: endpoint<{ body: ProductBody; response: { id: string } }>()('POST', '/api/catalog/products', 201),
  updateProduct: endpoint<{ params: ByProduct; body: ProductBody; response: void }>()('PUT', '/api/catalog/products/:productId', 204),
  deleteProduct: endpoint<{ params: ByProduct; response: void }>()('DELETE', '/api/catalog/products/:productId', 204),

  assetCost: endpoint<{ query: { assetId: string }; response: AssetCostResponse }>()('GET', '/api/catalog/costs/asset'),
  exposureCosts: endpoint<{ response: ExposureCostsResponse }>()('GET', '/api/catalog/costs/exposures'),
  unreadModels: endpoint<{ response: UnreadModelsResponse }>()('GET', '/api/catalog/costs/unread-models'),
};
