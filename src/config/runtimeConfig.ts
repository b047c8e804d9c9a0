// The schema of /config.json. Loaded as its own chunk, in parallel with the request for the
// file itself (see loadConfig.ts), so validation costs no start-up time.
import * as z from 'zod/mini';
import { ConfigError } from './configError';
import { describeFirstIssue } from '@common/validationMessages';

// The portal's CSP allows no eval. zod (here and in the contracts the pages load later) would
// otherwise probe for it with a `new Function` that, though caught, is reported as a CSP violation.
z.config({ jitless: true });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const nonEmpty = z.string().check(z.minLength(1, 'must not be empty'));
const optionalUrl = z._default(z.union([httpUrl, z.literal('')]), '');

export const runtimeConfigSchema = z.strictObject({
  productName: z._default(nonEmpty, 'Dataworks'),
  apiBaseUrl: nonEmpty,
  identity: z.strictObject({ url: httpUrl, realm: nonEmpty, clientId: nonEmpty }),
  analytics: z._default(
    z.strictObject({
      token: z._default(z.string(), ''),
      apiHost: optionalUrl,
      webAnalyticsUrl: optionalUrl,
      debug: z._default(z.boolean(), false),
      /** Share of sessions (0–100) the analytics library records for session replay; 0 is off. */
      sessionReplayPercent: z._default(z.number().check(z.gte(0, 'must be 0 to 100'), z.lte(100, 'must be 0 to 100')), 0),
    }),
    { token: '', apiHost: '', webAnalyticsUrl: '', debug: false, sessionReplayPercent: 0 },
  ),
  catalogUrl: optionalUrl,
  chatbotUrl: optionalUrl,
});

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, message } = describeFirstIssue(parsed.error.issues);
  throw new ConfigError(field ? `config.json field "${field}": ${message}` : `config.json: ${message}`, field);
}
