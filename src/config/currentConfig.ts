// The runtime configuration loaded at start-up, for modules that are not React components
// (the API client, analytics). main.tsx sets it once, before anything can call the API.
import type { RuntimeConfig } from './runtimeConfig';

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}
