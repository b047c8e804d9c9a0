// Settings the browser reads at start-up from /config.json, so one build serves every
// environment. Each field is checked; a bad file stops start-up with a page naming the field.
import { ConfigError } from './configError';
import type { RuntimeConfig } from './runtimeConfig';

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  // Start fetching the schema chunk now; it arrives while the request below is in flight.
  const schema = import(/* webpackChunkName: "config-schema" */ './runtimeConfig');
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch (error) {
    throw new ConfigError(`Could not fetch ${url}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ConfigError(`Could not fetch ${url}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError(`${url} is not valid JSON`);
  }
  const { parseRuntimeConfig } = await schema;
  return parseRuntimeConfig(body);
}
