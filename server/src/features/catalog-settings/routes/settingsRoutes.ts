// Catalog Settings API (admin and Client-Dataworks-docs, the screen's access rule):
// GET/PUT /api/catalog/settings/{webhooks,freshness,profiler,external-catalog}, each answering the
// organisation's value, the portal's default and who changed it last; GET
// /api/catalog/settings/artifact-sources (how dbt artifacts arrive, read only); and GET
// /api/catalog/external-link for everyone who may follow the Data Catalog links.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DBT_UPLOADER_ROLE } from '@common/access/access';
import {
  artifactSourcesResponse,
  externalCatalogSettings,
  externalCatalogSettingsResponse,
  externalLinkResponse,
  freshnessSettings,
  freshnessSettingsResponse,
  profilerSettings,
  profilerSettingsResponse,
  webhookSettings,
  webhookSettingsResponse,
} from '@common/catalog-settings/catalogSettingsContract';
import { catalogSettingsEndpoints } from '@common/catalog-settings/catalogSettingsEndpoints';
import { dbtEndpoints } from '@common/dbt/dbtEndpoints';
import { actorOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../../platform/http/auth/currentAccess.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { CatalogReadModel } from '../../../platform/ports/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { CatalogSettingsDefaults, CatalogSettingsReader } from '../sections.js';
import { writeSection } from '../settingsStore.js';

export interface SettingsRoutesOptions {
  db: StoreDb;
  defaults: CatalogSettingsDefaults;
  read: CatalogSettingsReader;
  /** The dbt catalog (its newest ingestions, shown beside the artifact sources). */
  catalog(): CatalogReadModel;
  /** Told after a section changed (the freshness schedule follows its setting). */
  changed(organisation: string, section: 'freshness' | 'profiler' | 'externalCatalog' | 'webhooks'): Promise<void>;
}

export function registerSettingsRoutes(server: FastifyInstance, options: SettingsRoutesOptions): void {
  const { db, read } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = requireRoute('catalogSettings');
  // Changes are checked against the caller's current roles (a demoted administrator's token no longer changes them).
  const change = requireCurrentRoute('catalogSettings');

  // Each section answers the same shape: the organisation's value, the portal's default, who changed it last.
  type Section = 'freshness' | 'profiler' | 'externalCatalog' | 'webhooks';
  const answer = async <Name extends Section>(organisation: string, name: Name) => {
    const stored = await read.section(organisation, name);
    return { settings: stored.value, portalDefault: options.defaults[name], updatedBy: stored.updatedBy, updatedAt: stored.updatedAt };
  };
  const save = async (request: FastifyRequest, name: Section, value: unknown) => {
    const actor = actorOf(request);
    await writeSection(db, actor, name, value);
    await options.changed(actor.organisation, name);
    return actor.organisation;
  };

  const ep = catalogSettingsEndpoints;
  app.route({
    ...endpointRoute(ep.webhooks, { response: webhookSettingsResponse }),
    preValidation: admin,
    handler: async (request) => answer(actorOf(request).organisation, 'webhooks'),
  });
  app.route({
    ...endpointRoute(ep.saveWebhooks, { body: webhookSettings, response: webhookSettingsResponse }),
    preValidation: change,
    handler: async (request) =>
      // Listed once each, in the order given.
      answer(await save(request, 'webhooks', { allowedHosts: [...new Set(request.body.allowedHosts)] }), 'webhooks'),
  });
  app.route({
    ...endpointRoute(ep.freshness, { response: freshnessSettingsResponse }),
    preValidation: admin,
    handler: async (request) => answer(actorOf(request).organisation, 'freshness'),
  });
  app.route({
    ...endpointRoute(ep.saveFreshness, { body: freshnessSettings, response: freshnessSettingsResponse }),
    preValidation: change,
    handler: async (request) => answer(await save(request, 'freshness', request.body), 'freshness'),
  });
  app.route({
    ...endpointRoute(ep.profiler, { response: profilerSettingsResponse }),
    preValidation: admin,
    handler: async (request) => answer(actorOf(request).organisation, 'profiler'),
  });
  app.route({
    ...endpointRoute(ep.saveProfiler, { body: profilerSettings, response: profilerSettingsResponse }),
    preValidation: change,
    handler: async (request) => answer(await save(request, 'profiler', request.body), 'profiler'),
  });
  app.route({
    ...endpointRoute(ep.externalCatalog, { response: externalCatalogSettingsResponse }),
    preValidation: admin,
    handler: async (request) => answer(actorOf(request).organisation, 'externalCatalog'),
  });
  app.route({
    ...endpointRoute(ep.saveExternalCatalog, { body: externalCatalogSettings, response: externalCatalogSettingsResponse }),
    preValidation: change,
    handler: async (request) => answer(await save(request, 'externalCatalog', request.body), 'externalCatalog'),
  });

  app.route({
    ...endpointRoute(ep.artifactSources, { response: artifactSourcesResponse }),
    preValidation: admin,
    handler: async (request) => {
      const organisation = actorOf(request).organisation;
      const folder = options.defaults.artifactsDir ? path.join(options.defaults.artifactsDir, organisation) : null;
      const recent = await options.catalog().recentIngestions(organisation, 5);
      return {
        uploadPath: dbtEndpoints.uploadArtifacts.path,
        uploadLimitBytes: options.defaults.uploadLimitBytes,
        watchedFolder: folder,
        watchedFolderExists: folder !== null && existsSync(folder),
        uploaderRole: DBT_UPLOADER_ROLE,
        recent,
      };
    },
  });

  app.route({
    ...endpointRoute(ep.externalLink, { response: externalLinkResponse }),
    preValidation: requireRoute('catalogExternal'),
    handler: async (request) => ({
      url: await read.externalCatalogUrl(actorOf(request).organisation),
    }),
  });
}
