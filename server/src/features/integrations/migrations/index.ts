// The integrations area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { integrations } from './009_integrations.js';
import { integrationDefinitions } from './010_integration_definitions.js';
import { integrationsAirbyte } from './018_integrations_airbyte.js';
import { syncsOnPlatformJobs } from './021_syncs_on_platform_jobs.js';

export const migrations: Record<string, Migration> = {
  '009_integrations': integrations,
  '010_integration_definitions': integrationDefinitions,
  '018_integrations_airbyte': integrationsAirbyte,
  '021_syncs_on_platform_jobs': syncsOnPlatformJobs,
};
