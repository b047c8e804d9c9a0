// Data Products' API: GET/POST /api/catalog/products, GET /api/catalog/products/menu (names for
// the side menu), GET/PUT/DELETE /api/catalog/products/:productId (with its objective judged and
// its build cost). Whoever may open Data Products reads; the editors of
// catalogOrganisationRules.ts change. Another organisation's product is a 404.
import type { FastifyInstance } from 'fastify';
import { catalogOrganisationEditorRoles } from '@common/catalog-domains/catalogOrganisationRules';
import { catalogDomainsEndpoints as ep } from '@common/catalog-domains/catalogDomainsEndpoints';
import {
  productBody,
  productIdParams,
  productMenuResponse,
  productResponse,
  productsResponse,
} from '@common/catalog-domains/productsContract';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { CostSource } from '../assetCosts.js';
import { productCost } from '../costQueries.js';
import { createProduct, deleteProduct, listProducts, productDetail, productNames, updateProduct } from '../productsStore.js';

export function registerProductRoutes(server: FastifyInstance, db: StoreDb, costs: CostSource): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogProducts');
  const change = requireRoute('catalogProducts', catalogOrganisationEditorRoles);

  app.route({
    ...endpointRoute(ep.products, { response: productsResponse }),
    preValidation: read,
    handler: async (request) => ({
      products: await listProducts(db, actorOf(request).organisation),
    }),
  });

  app.route({
    ...endpointRoute(ep.productMenu, { response: productMenuResponse }),
    preValidation: read,
    handler: async (request) => ({
      products: await productNames(db, actorOf(request).organisation),
    }),
  });

  app.route({
    ...endpointRoute(ep.product, { params: productIdParams, response: productResponse }),
    preValidation: read,
    handler: async (request) => {
      const { organisation } = actorOf(request);
      const product = await productDetail(db, organisation, request.params.productId);
      // The product page stands without warehouse figures (no usage copy yet, an account that is down).
      try {
        const { window, cost, memberCosts } = await productCost(
          db,
          costs,
          organisation,
          product.members.filter((member) => member.present),
        );
        return { product: { ...product, cost, memberCosts, costWindow: window, costUnavailable: null } };
      } catch (error) {
        request.log.warn({ err: error }, 'product cost unavailable');
        return {
          product: {
            ...product,
            cost: null,
            memberCosts: null,
            costWindow: null,
            costUnavailable: error instanceof Error ? error.message : 'The warehouse figures are not available.',
          },
        };
      }
    },
  });

  app.route({
    ...endpointRoute(ep.createProduct, { body: productBody, response: z.object({ id: z.string() }) }),
    preValidation: change,
    handler: async (request, reply) => {
      const id = await createProduct(db, actorOf(request), request.body);
      return reply.code(201).send({ id });
    },
  });

  app.route({
    ...endpointRoute(ep.updateProduct, { params: productIdParams, body: productBody }),
    preValidation: change,
    handler: async (request, reply) => {
      await updateProduct(db, actorOf(request), request.params.productId, request.body);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.deleteProduct, { params: productIdParams }),
    preValidation: change,
    handler: async (request, reply) => {
      await deleteProduct(db, actorOf(request), request.params.productId);
      return reply.code(204).send();
    },
  });
}
