// GET/PUT /api/catalog/governance/settings: the glossary's editor roles and the classification
// rules, for those who may open Catalog Settings (admin and Client-Dataworks-docs).
import type { FastifyInstance } from 'fastify';
import { catalogGovernanceEndpoints as ep } from '@common/catalog-governance/catalogGovernanceEndpoints';
import { governanceSettings, governanceSettingsResponse } from '@common/catalog-governance/settingsContract';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../../platform/http/auth/currentAccess.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { readSettings, writeSettings } from '../settingsStore.js';

export function registerSettingsRoutes(server: FastifyInstance, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const access = requireRoute('catalogSettings');
  app.route({
    ...endpointRoute(ep.settings, { response: governanceSettingsResponse }),
    preValidation: access,
    handler: async (request) => readSettings(db, actorOf(request).organisation),
  });
  app.route({
    ...endpointRoute(ep.saveSettings, { body: governanceSettings, response: governanceSettingsResponse }),
    preValidation: requireCurrentRoute('catalogSettings'),
    handler: async (request) => {
      const { roles: _roles, ...actor } = actorOf(request);
      return writeSettings(db, actor, request.body);
    },
  });
}
