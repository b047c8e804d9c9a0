// Alerts API: GET /api/catalog/alerts/rules (with whether the caller may edit and whether e-mail
// can be sent), POST / PUT /:id / DELETE /:id for the roles that may manage alerts
// (common/catalog-alerts/alertRules.ts), POST /:id/test (a test alert to the rule's
// destinations), GET /api/catalog/alerts/deliveries (the log, newest first, paged backwards).
// Another organisation's rule is a 404; a destination the catalog settings forbid is a 400 naming it.
import type { FastifyInstance } from 'fastify';
import { alertEditorRoles, mayEditAlerts } from '@common/catalog-alerts/alertRules';
import {
  alertRuleInput,
  alertRuleList,
  alertRuleRecord,
  deliveryList,
  deliveryListQuery,
  testAlertResponse,
} from '@common/catalog-alerts/alertsContract';
import { catalogAlertsEndpoints } from '@common/catalog-alerts/catalogAlertsEndpoints';
import { signalKindLabels, toSignal } from '@common/signals/signalTypes';
import { appPaths } from '@common/paths';
import { z } from 'zod';
import { actorOf, callerOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { JobRunner } from '../../../platform/jobs/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { recordDeliveries, listDeliveries } from '../deliveriesStore.js';
import { enqueueDeliveries } from '../deliveryJob.js';
import { DestinationRefusedError } from '../errors.js';
import { createRule, deleteRule, listRules, ruleById, updateRule, type RuleValues } from '../rulesStore.js';
import { refusalOfUrl, type WebhookPolicy } from '../webhookPolicy.js';

export interface AlertRoutesOptions {
  db: StoreDb;
  jobs: JobRunner;
  emailAvailable: boolean;
  webhookPolicy: (organisation: string) => Promise<WebhookPolicy>;
}

const idParams = z.strictObject({ id: z.string().min(1).max(64) });

export function registerAlertRoutes(server: FastifyInstance, options: AlertRoutesOptions): void {
  const { db, jobs } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogAlerts');
  const change = requireRoute('catalogAlerts', alertEditorRoles);

  // Webhook addresses are checked against the settings when saved; e-mail needs an SMTP server.
  const checked = async (organisation: string, values: z.output<typeof alertRuleInput>): Promise<RuleValues> => {
    const policy = await options.webhookPolicy(organisation);
    values.destinations.forEach((destination, index) => {
      if (destination.kind === 'webhook') {
        const refusal = refusalOfUrl(new URL(destination.url), policy);
        if (refusal) throw new DestinationRefusedError(`destinations.${index}.url`, refusal);
      }
      if (destination.kind === 'email' && !options.emailAvailable) {
        throw new DestinationRefusedError(
          `destinations.${index}.kind`,
          'E-mail alerts need an SMTP server, and none is configured on this portal (SMTP_URL or SMTP_HOST).',
        );
      }
    });
    return values;
  };

  const ep = catalogAlertsEndpoints;
  app.route({
    ...endpointRoute(ep.rules, { response: alertRuleList }),
    preValidation: read,
    handler: async (request) => ({
      rules: await listRules(db, actorOf(request).organisation),
      mayEdit: mayEditAlerts(callerOf(request).roles),
      emailAvailable: options.emailAvailable,
    }),
  });

  app.route({
    ...endpointRoute(ep.createRule, { body: alertRuleInput, response: z.object({ rule: alertRuleRecord }) }),
    preValidation: change,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const rule = await createRule(db, actor, await checked(actor.organisation, request.body));
      return reply.code(201).send({ rule });
    },
  });

  app.route({
    ...endpointRoute(ep.updateRule, { params: idParams, body: alertRuleInput, response: z.object({ rule: alertRuleRecord }) }),
    preValidation: change,
    handler: async (request) => {
      const actor = actorOf(request);
      // Another organisation's rule is a 404 whatever the body says.
      await ruleById(db, actor.organisation, request.params.id);
      return { rule: await updateRule(db, actor, request.params.id, await checked(actor.organisation, request.body)) };
    },
  });

  app.route({
    ...endpointRoute(ep.deleteRule, { params: idParams }),
    preValidation: change,
    handler: async (request, reply) => {
      await deleteRule(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(ep.testRule, { params: idParams, response: testAlertResponse }),
    preValidation: change,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const rule = await ruleById(db, actor.organisation, request.params.id);
      const signal = toSignal({
        organisation: actor.organisation,
        kind: rule.trigger,
        title: `Test alert from the rule "${rule.name}"`,
        body: `${actor.username} sent this test of the rule "${rule.name}" (${signalKindLabels[rule.trigger].toLowerCase()}). Nothing has happened to your data.`,
        link: appPaths.catalogAlerts,
      });
      const deliveries = await recordDeliveries(db, rule, signal, true);
      await enqueueDeliveries(
        jobs,
        actor.organisation,
        deliveries.map((delivery) => delivery.id),
      );
      return reply.code(202).send({ deliveries });
    },
  });

  app.route({
    ...endpointRoute(ep.deliveries, { querystring: deliveryListQuery, response: deliveryList }),
    preValidation: read,
    handler: async (request) => listDeliveries(db, actorOf(request).organisation, request.query),
  });
}
