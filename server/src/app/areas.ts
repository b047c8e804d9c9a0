// Every server area, in the order they register. An area that provides a port comes before
// the areas that use it while registering (warehouse access, catalog settings); ports used only
// at request time do not care about order. Adding an area: create features/<area>/area.ts and
// add it here (docs/architecture.md, "Adding an area").
import { area as assistant } from '../features/assistant/area.js';
import { area as catalogAlerts } from '../features/catalog-alerts/area.js';
import { area as catalogDomains } from '../features/catalog-domains/area.js';
import { area as catalogGovernance } from '../features/catalog-governance/area.js';
import { area as catalogQuality } from '../features/catalog-quality/area.js';
import { area as catalogSettings } from '../features/catalog-settings/area.js';
import { area as columnLineage } from '../features/column-lineage/area.js';
import { area as dashboards } from '../features/dashboards/area.js';
import { area as dataApi } from '../features/data-api/area.js';
import { area as dbt } from '../features/dbt/area.js';
import { area as demoDashboards } from '../features/demo-dashboards/area.js';
import { area as featureRequests } from '../features/feature-requests/area.js';
import { area as hive } from '../features/hive/area.js';
import { area as integrations } from '../features/integrations/area.js';
import { area as knowledge } from '../features/knowledge/area.js';
import { area as layoutSettings } from '../features/layout-settings/area.js';
import { area as projects } from '../features/projects/area.js';
import { area as security } from '../features/security/area.js';
import { area as support } from '../features/support/area.js';
import { area as warehouse } from '../features/warehouse/area.js';
import type { PortalArea } from '../platform/area/index.js';
import type { AreaInputs } from './areaInputs.js';

export const areas: ReadonlyArray<PortalArea<AreaInputs>> = [
  dashboards,
  layoutSettings,
  warehouse,
  support,
  knowledge,
  hive,
  featureRequests,
  projects,
  assistant,
  security,
  catalogSettings,
  catalogQuality,
  catalogDomains,
  catalogGovernance,
  dbt,
  dataApi,
  columnLineage,
  catalogAlerts,
  integrations,
  demoDashboards,
];
