// Domains' API: GET /api/catalog/domains (every domain with its first assets, people, tests and
// freshness), GET /api/catalog/domains/members?domain= (all of one domain's assets), PUT/DELETE /api/catalog/domains/:name (description, owners, experts), and
// GET/PUT /api/catalog/domains/assets/:assetId (an asset's domain and its rule; set by hand, null: back to dbt's).
// Whoever may open the Domain page reads; the editors of catalogOrganisationRules.ts change.
import type { FastifyInstance } from 'fastify';
import { catalogOrganisationEditorRoles } from '@common/catalog-domains/catalogOrganisationRules';
import { catalogDomainsEndpoints as ep } from '@common/catalog-domains/catalogDomainsEndpoints';
import {
  assetDomainResponse,
  domainAssetBody,
  domainAssetParams,
  domainBody,
  domainMembersQuery,
  domainMembersResponse,
  domainParams,
  domainsResponse,
} from '@common/catalog-domains/domainsContract';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { assetDomain, deleteDomain, domainMembers, listDomains, saveDomain, setAssetDomain } from '../domainsStore.js';

export function registerDomainRoutes(server: FastifyInstance, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogDomain');
  const change = requireRoute('catalogDomain', catalogOrganisationEditorRoles);

  app.route({
    ...endpointRoute(ep.domains, { response: domainsResponse }),
    preValidation: read,
    handler: async (request) => listDomains(db, actorOf(request).organisation),
  });

  app.route({
    ...endpointRoute(ep.domainMembers, { querystring: domainMembersQuery, response: domainMembersResponse }),
    preValidation: read,
    handler: async (request) => ({
      assets: await domainMembers(db, actorOf(request).organisation, request.query.domain),
    }),
  });

  app.route({
    ...endpointRoute(ep.assetDomain, { params: domainAssetParams, response: assetDomainResponse }),
    preValidation: read,
    handler: async (request) => assetDomain(db, actorOf(request).organisation, request.params.assetId),
  });

  app.route({
    ...endpointRoute(ep.setAssetDomain, { params: domainAssetParams, body: domainAssetBody }),
    preValidation: change,
    handler: async (request, reply) => {
      await setAssetDomain(db, actorOf(request), request.params.assetId, request.body.domain);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.saveDomain, { params: domainParams, body: domainBody }),
    preValidation: change,
    handler: async (request, reply) => {
      await saveDomain(db, actorOf(request), request.params.name, request.body);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.deleteDomain, { params: domainParams }),
    preValidation: change,
    handler: async (request, reply) => {
      await deleteDomain(db, actorOf(request), request.params.name);
      return reply.code(204).send();
    },
  });
}
