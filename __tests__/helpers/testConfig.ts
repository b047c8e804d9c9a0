import { setRuntimeConfig } from '../../src/config/currentConfig';
import type { RuntimeConfig } from '../../src/config/runtimeConfig';

export const testConfig: RuntimeConfig = {
  productName: 'Dataworks',
  apiBaseUrl: '/',
  identity: { url: 'http://identity.test', realm: 'dataworks', clientId: 'dataworks-portal-frontend' },
  analytics: { token: '', apiHost: '', webAnalyticsUrl: '', debug: false, sessionReplayPercent: 0 },
  catalogUrl: '',
  chatbotUrl: '',
};

export function installTestConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const config = { ...testConfig, ...overrides };
  setRuntimeConfig(config);
  return config;
}
