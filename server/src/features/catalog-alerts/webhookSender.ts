// Posts an alert to a webhook: JSON, a time-out (WEBHOOK_TIMEOUT_MS), the address checked again
// at connection time (webhookPolicy.ts), redirects not followed (a 3xx is an answer, not a
// place to go). Answers 2xx count as delivered; anything else is an error the job retries.
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_TIMEOUT_MS } from '@common/catalog-alerts/alertRules';
import { guardedLookup, refusalOfUrl, type WebhookPolicy } from './webhookPolicy.js';

export class WebhookError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** False when trying again cannot help (the address is refused). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

export async function postWebhook(
  target: string,
  body: unknown,
  policy: WebhookPolicy,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ status: number }> {
  const url = new URL(target);
  const refusal = refusalOfUrl(url, policy);
  if (refusal) throw new WebhookError(refusal, null, false);
  const payload = Buffer.from(JSON.stringify(body));
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'user-agent': 'Dataworks-Alerts/1' },
        lookup: guardedLookup(policy, url.hostname.replace(/^\[|\]$/g, '')) as never,
        timeout: timeoutMs,
        signal: options.signal,
      },
      (response) => {
        // The body is not needed; reading it frees the socket.
        response.resume();
        const status = response.statusCode ?? 0;
        response.on('end', () =>
          status >= 200 && status < 300
            ? resolve({ status })
            : reject(new WebhookError(`The webhook answered ${status}.`, status, status >= 500 || status === 429 || status === 408)),
        );
        response.on('error', (error) => reject(new WebhookError(`The webhook's answer broke off: ${error.message}`, status, true)));
      },
    );
    request.on('timeout', () => request.destroy(new WebhookError(`The webhook did not answer within ${timeoutMs / 1000} s.`, null, true)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof WebhookError) return reject(error);
      if (error.code === 'EWEBHOOKADDRESS') return reject(new WebhookError(error.message, null, false));
      reject(new WebhookError(`The webhook could not be reached: ${error.message}`, null, true));
    });
    request.end(payload);
  });
}
