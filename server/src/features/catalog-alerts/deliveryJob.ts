// Sends one delivery, as a job on the shared runner: the request that caused the signal never
// waits for a webhook or an SMTP server, a delivery survives a restart, and failures that may pass
// (a time-out, a 5xx, an SMTP hiccup) are retried with back-off. A refusal that cannot change
// (an address the settings forbid, no SMTP server) fails at once.
import { DELIVERY_MAX_ATTEMPTS } from '@common/catalog-alerts/alertRules';
import { signalKindLabels } from '@common/signals/signalTypes';
import { z } from 'zod';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { EmailSender, NotifyRequest, NotifyResult } from '../../platform/notifications/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { deliveryForSending, recordAttempt, type StoredDelivery } from './deliveriesStore.js';
import { slackBody } from './slackBody.js';
import type { WebhookPolicy } from './webhookPolicy.js';
import { postWebhook, WebhookError } from './webhookSender.js';

export const ALERT_DELIVERY_JOB = 'catalog.alert.deliver';

export interface DeliveryDeps {
  db: StoreDb;
  jobs: JobRunner;
  notify: ((request: NotifyRequest) => Promise<NotifyResult>) | null;
  email: EmailSender | null;
  webhookPolicy: (organisation: string) => Promise<WebhookPolicy>;
  portalUrl: string;
  /** First retry wait (default 10 s), doubled each time. */
  retryBaseDelayMs?: number;
  webhookTimeoutMs?: number;
}

class PermanentFailure extends Error {}

async function send(deps: DeliveryDeps, delivery: StoredDelivery, signal: AbortSignal): Promise<number | null> {
  const { destination } = delivery;
  const prefix = delivery.isTest ? '[Test] ' : '';
  switch (destination.kind) {
    case 'in_app': {
      if (!deps.notify) throw new PermanentFailure('In-app notifications are not available on this portal.');
      const result = await deps.notify({
        organisation: delivery.organisation,
        audience: destination.roles.length > 0 ? { role: destination.roles } : 'organisation',
        type: 'alert',
        title: `${prefix}${delivery.signal.title}`,
        body: delivery.signal.body,
        link: delivery.signal.link ?? undefined,
        data: { rule: delivery.ruleName, signal: delivery.signal.kind, deliveryId: delivery.id, assetId: delivery.signal.assetId },
      });
      // An alert nobody received is not "sent": the log says why, and a retry would not change it.
      if (result.inApp === 0 && result.emails === 0) {
        const who =
          destination.roles.length > 0 ? `members with the role ${destination.roles.join(' or ')}` : 'members of the organisation';
        throw new PermanentFailure(
          `Nobody received it: no ${who} have signed in to the portal yet, or all of them turned alert notifications off.`,
        );
      }
      return null;
    }
    case 'email': {
      if (!deps.email) throw new PermanentFailure('No SMTP server is configured (SMTP_URL or SMTP_HOST), so e-mail alerts cannot be sent.');
      const link = delivery.signal.link ? new URL(delivery.signal.link, deps.portalUrl).href : null;
      for (const address of destination.addresses) {
        await deps.email.send({
          to: address,
          subject: `[Dataworks alert] ${prefix}${delivery.signal.title}`,
          text: [
            delivery.signal.title,
            delivery.signal.body,
            link ? `Open it in the portal: ${link}` : '',
            `${signalKindLabels[delivery.signal.kind]} · severity ${delivery.signal.severity} · alert rule "${delivery.ruleName}".`,
          ]
            .filter(Boolean)
            .join('\n\n'),
        });
      }
      return null;
    }
    case 'webhook': {
      const policy = await deps.webhookPolicy(delivery.organisation);
      try {
        const { status } = await postWebhook(
          destination.url,
          slackBody(delivery.signal, { ruleName: delivery.ruleName, portalUrl: deps.portalUrl, isTest: delivery.isTest }),
          policy,
          {
            signal,
            timeoutMs: deps.webhookTimeoutMs,
          },
        );
        return status;
      } catch (error) {
        if (error instanceof WebhookError && !error.retryable) throw new PermanentFailure(error.message);
        throw error;
      }
    }
  }
}

export function defineDeliveryJob(deps: DeliveryDeps): void {
  deps.jobs.define(
    ALERT_DELIVERY_JOB,
    async ({ organisation, payload, attempt, signal }) => {
      const delivery = await deliveryForSending(deps.db, organisation, payload.deliveryId);
      if (!delivery || delivery.status !== 'pending') return { skipped: delivery ? `already ${delivery.status}` : 'delivery removed' };
      try {
        const responseStatus = await send(deps, delivery, signal);
        await recordAttempt(deps.db, delivery.id, { status: 'sent', error: null, responseStatus });
        return { sent: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const responseStatus = error instanceof WebhookError ? error.status : null;
        const last = error instanceof PermanentFailure || attempt >= DELIVERY_MAX_ATTEMPTS;
        await recordAttempt(deps.db, delivery.id, { status: last ? 'failed' : 'pending', error: message, responseStatus });
        if (error instanceof PermanentFailure) return { failed: message };
        throw error;
      }
    },
    {
      payload: z.object({ deliveryId: z.string().regex(/^[0-9]{1,18}$/) }),
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
      retryBaseDelayMs: deps.retryBaseDelayMs ?? 10_000,
    },
  );
}

export async function enqueueDeliveries(jobs: JobRunner, organisation: string, deliveryIds: readonly string[]): Promise<void> {
  for (const deliveryId of deliveryIds) await jobs.enqueue({ kind: ALERT_DELIVERY_JOB, organisation, payload: { deliveryId } });
}
