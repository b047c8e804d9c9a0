// Feature requests and the roadmap (/api/features): whoever may open /app/features proposes,
// votes, comments and subscribes; admins move a request on the roadmap, and every subscriber
// (but whoever moved it) is told through the notifications service.
import type { FastifyInstance } from 'fastify';
import { canManageRoadmap } from '@common/access/access';
import {
  createFeatureBody,
  featureCommentBody,
  featureListQuery,
  featureListResponse,
  featureResponse,
  featureStatusBody,
  featureSubscriptionBody,
  featureVoteBody,
} from '@common/feature-requests/featureRequestsContract';
import { featureStatusLabels } from '@common/feature-requests/featureRules';
import { featureRequestPath } from '@common/paths';
import { uuidParams } from '@common/workspace/fieldRules';
import { actorOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { HttpError } from '../../platform/http/errors.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { featureRequestsEndpoints } from '@common/feature-requests/featureRequestsEndpoints';
import type { NotificationsService } from '../../platform/notifications/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import {
  changeFeatureStatus,
  commentOnFeature,
  createFeature,
  featureDetail,
  listFeatures,
  setSubscription,
  voteOnFeature,
} from './featureRequestsStore.js';

const featureParams = uuidParams('a feature request');

type Notify = Pick<NotificationsService, 'notify'>;

export function registerFeatureRequestRoutes(server: FastifyInstance, db: StoreDb, notifications: Notify): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const features = requireRoute('features');
  const ep = featureRequestsEndpoints;

  app.route({
    ...endpointRoute(ep.list, { querystring: featureListQuery, response: featureListResponse }),
    preValidation: features,
    handler: async (request) => {
      const actor = actorOf(request);
      return { features: await listFeatures(db, actor, request.query), canChangeStatus: canManageRoadmap(actor.roles) };
    },
  });
  app.route({
    ...endpointRoute(ep.get, { params: featureParams, response: featureResponse }),
    preValidation: features,
    handler: async (request) => ({
      feature: await featureDetail(db, actorOf(request), request.params.id),
    }),
  });
  app.route({
    ...endpointRoute(ep.create, { body: createFeatureBody, response: featureResponse }),
    preValidation: features,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const id = await createFeature(db, actor, request.body);
      return reply.code(201).send({ feature: await featureDetail(db, actor, id) });
    },
  });
  app.route({
    ...endpointRoute(ep.vote, { params: featureParams, body: featureVoteBody, response: featureResponse }),
    preValidation: features,
    handler: async (request) => {
      const actor = actorOf(request);
      await voteOnFeature(db, actor, request.params.id, request.body.vote);
      return { feature: await featureDetail(db, actor, request.params.id) };
    },
  });
  app.route({
    ...endpointRoute(ep.subscription, { params: featureParams, body: featureSubscriptionBody, response: featureResponse }),
    preValidation: features,
    handler: async (request) => {
      const actor = actorOf(request);
      await setSubscription(db, actor, request.params.id, request.body.subscribed);
      return { feature: await featureDetail(db, actor, request.params.id) };
    },
  });
  app.route({
    ...endpointRoute(ep.comment, { params: featureParams, body: featureCommentBody, response: featureResponse }),
    preValidation: features,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      await commentOnFeature(db, actor, request.params.id, request.body.body);
      return reply.code(201).send({ feature: await featureDetail(db, actor, request.params.id) });
    },
  });
  app.route({
    ...endpointRoute(ep.status, { params: featureParams, body: featureStatusBody, response: featureResponse }),
    preValidation: features,
    handler: async (request) => {
      const actor = actorOf(request);
      if (!canManageRoadmap(actor.roles)) throw new HttpError(403, 'forbidden', 'Only admins may move a request on the roadmap.', 'status');
      const change = await changeFeatureStatus(db, actor, request.params.id, request.body.status, request.body.reason);
      const recipients = change.subscribers.filter((subject) => subject !== actor.subject);
      // The change is committed; a notice that cannot be recorded is logged, not turned into a failed request.
      await Promise.all(
        recipients.map((userId) =>
          notifications
            .notify({
              organisation: actor.organisation,
              audience: { userId },
              type: 'feature_status_change',
              title: `"${change.title}" is now ${featureStatusLabels[change.to].toLowerCase()}`,
              body: change.reason ? `Reason: ${change.reason}` : `${featureStatusLabels[change.from]} → ${featureStatusLabels[change.to]}`,
              link: featureRequestPath(request.params.id),
              data: { featureId: request.params.id, from: change.from, to: change.to },
            })
            .catch((error: unknown) =>
              request.log.warn({ err: error, feature: request.params.id }, 'could not notify a subscriber of a feature status change'),
            ),
        ),
      );
      return { feature: await featureDetail(db, actor, request.params.id) };
    },
  });
}
