// Catalog Settings (issue "Catalog, advanced"): what an organisation's catalog admins set for the
// catalog, section by section. This area keeps the sections that belong to no other area (where
// alert webhooks may go); areas with settings of their own (the glossary's editors, the
// classification rules) keep them and the Catalog Settings page shows their sections beside
// these. Other areas read these settings through the functions this returns, wired in
// app/portalServer.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultWebhookSettings, webhookSettings, webhookSettingsResponse, type WebhookSettings } from '@common/catalog-settings/catalogSettingsContract';
import { callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import type { Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { readSection, writeSection } from './settingsStore.js';

export interface CatalogSettingsArea {
  webhookSettings(organisation: string): Promise<WebhookSettings>;
}

export function registerCatalogSettingsArea(server: FastifyInstance, db: StoreDb): CatalogSettingsArea {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The screen's access rule (admin and Client-Dataworks-docs) governs reading and changing.
  const admin = requireRoute('catalogSettings');
  const actorOf = (request: FastifyRequest): Actor => {
    const caller = callerOf(request);
    return { organisation: organisationOf(caller), subject: caller.subject, username: caller.username };
  };
  const webhooks = (organisation: string) => readSection(db, organisation, 'webhooks', webhookSettings, defaultWebhookSettings);

  app.get('/api/catalog/settings/webhooks', { preValidation: admin, schema: { response: { 200: webhookSettingsResponse } } }, async (request) => {
    const stored = await webhooks(actorOf(request).organisation);
    return { settings: stored.value, updatedBy: stored.updatedBy, updatedAt: stored.updatedAt };
  });

  app.put('/api/catalog/settings/webhooks', { preValidation: admin, schema: { body: webhookSettings, response: { 200: webhookSettingsResponse } } }, async (request) => {
    const actor = actorOf(request);
    // Listed once each, in the order given.
    await writeSection(db, actor, 'webhooks', { allowedHosts: [...new Set(request.body.allowedHosts)] });
    const stored = await webhooks(actor.organisation);
    return { settings: stored.value, updatedBy: stored.updatedBy, updatedAt: stored.updatedAt };
  });

  return { webhookSettings: async (organisation) => (await webhooks(organisation)).value };
}
