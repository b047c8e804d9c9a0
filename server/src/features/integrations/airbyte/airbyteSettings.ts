// The settings of an Airbyte instance the portal talks to through its public API v1, checked
// before the first request. The URL is written without `/v1`, as the instance's API root:
//   Airbyte Cloud:          https://api.airbyte.com
//   self-managed Airbyte:   http://<host>:8000/api/public
// and the client appends `/v1` the way Airbyte's documentation writes every endpoint
// (`https://api.airbyte.com/v1/sources`, `http://<host>:8000/api/public/v1/sources`). A URL
// copied with its `/v1` already on is accepted and the `/v1` dropped, so both forms work.

export interface AirbyteSettings {
  /** The instance's API root, without `/v1` (see above). */
  url: string;
  /** An Airbyte application's client id and secret (Settings → Applications in Airbyte). */
  clientId: string;
  clientSecret: string;
  /** Time limit of each request, token requests included (ms). */
  timeoutMs?: number;
}

export interface CheckedAirbyteSettings {
  /** The API root with `/v1`, no trailing slash: every path is appended to it. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export const DEFAULT_AIRBYTE_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 10 * 60_000;

/** A setting that cannot work, naming it (`url`, `clientId`, `clientSecret`, `timeoutMs`). */
export class AirbyteSettingsError extends Error {
  constructor(
    readonly field: keyof AirbyteSettings,
    message: string,
  ) {
    super(message);
    this.name = 'AirbyteSettingsError';
  }
}

export function checkAirbyteSettings(settings: AirbyteSettings): CheckedAirbyteSettings {
  let url: URL;
  try {
    url = new URL(settings.url.trim());
  } catch {
    throw new AirbyteSettingsError(
      'url',
      `The Airbyte URL "${settings.url}" is not a URL (for example https://api.airbyte.com or http://airbyte.internal:8000/api/public).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AirbyteSettingsError('url', `The Airbyte URL must start with http:// or https://, not ${url.protocol}//.`);
  }
  if (url.username || url.password) {
    throw new AirbyteSettingsError(
      'url',
      'The Airbyte URL must not hold a user name or password: the client id and secret are settings of their own.',
    );
  }
  if (url.search || url.hash) {
    throw new AirbyteSettingsError('url', 'The Airbyte URL must not hold a query (?…) or fragment (#…).');
  }
  const root = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  const clientId = settings.clientId.trim();
  if (!clientId) throw new AirbyteSettingsError('clientId', 'The Airbyte client id is empty.');
  if (!settings.clientSecret) throw new AirbyteSettingsError('clientSecret', 'The Airbyte client secret is empty.');
  const timeoutMs = settings.timeoutMs ?? DEFAULT_AIRBYTE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new AirbyteSettingsError(
      'timeoutMs',
      `The Airbyte request time-out must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not ${timeoutMs}.`,
    );
  }
  return { apiBase: `${url.origin}${root}/v1`, clientId, clientSecret: settings.clientSecret, timeoutMs };
}
