// Domains' API: GET /api/catalog/domains (every domain with its first assets, people, tests and
// freshness), GET /api/catalog/domains/members?domain= (all of one domain's assets), PUT/DELETE /api/catalog/domains/:name (description, owners, experts), and
// GET/PUT /api/catalog/domains/assets/:assetId (an asset's domain and its rule; set by hand, null: back to dbt's).
// Whoever may open the Domain page reads; the editors of catalogOrganisationRules.ts change.
import type { FastifyInstance } from 'fastify';
import { catalogOrganisationEditorRoles } from '@common/catalog-domains/catalogOrganisationRules';
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
import type { StoreDb } from '../../../platform/store/openStore.js';
import { assetDomain, deleteDomain, domainMembers, listDomains, saveDomain, setAssetDomain } from '../domainsStore.js';

export function registerDomainRoutes(server: FastifyInstance, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogDomain');
  const change = requireRoute('catalogDomain', catalogOrganisationEditorRoles);

  app.get('/api/catalog/domains', { preValidation: read, schema: { response: { 200: domainsResponse } } }, async (request) =>
    listDomains(db, actorOf(request).organisation),
  );

  // A query parameter, not a path segment: a domain may be called anything, "assets" included.
  app.get(
    '/api/catalog/domains/members',
    { preValidation: read, schema: { querystring: domainMembersQuery, response: { 200: domainMembersResponse } } },
    async (request) => ({
      assets: await domainMembers(db, actorOf(request).organisation, request.query.domain),
    }),
  );

  app.get(
    '/api/catalog/domains/assets/:assetId',
    { preValidation: read, schema: { params: domainAssetParams, response: { 200: assetDomainResponse } } },
    async (request) => assetDomain(db, actorOf(request).organisation, request.params.assetId),
  );

  app.put(
    '/api/catalog/domains/assets/:assetId',
    { preValidation: change, schema: { params: domainAssetParams, body: domainAssetBody } },
    async (request, reply) => {
      await setAssetDomain(db, actorOf(request), request.params.assetId, request.body.domain);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/catalog/domains/:name',
    { preValidation: change, schema: { params: domainParams, body: domainBody } },
    async (request, reply) => {
      await saveDomain(db, actorOf(request), request.params.name, request.body);
      return reply.code(204).send();
    },
  );

  app.delete('/api/catalog/domains/:name', { preValidation: change, schema: { params: domainParams } }, async (request, reply) => {
    await deleteDomain(db, actorOf(request), request.params.name);
    return reply.code(204).send();
  });
}
