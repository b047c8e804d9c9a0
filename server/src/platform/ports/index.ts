// The contracts areas use to talk to each other (docs/architecture.md, "Ports").
export { createPortRegistry, defineExtensionPoint, definePort, type ExtensionPoint, type Port, type PortRegistry } from './portRegistry.js';
export { warehouseAccessPort, type DbtNodeCostRollup, type SnowflakeAccount, type WarehouseAccess } from './warehouseAccess.js';
export { costFiguresPort, type CostFigures } from './costFigures.js';
export { catalogSettingsPort, type CatalogSettings, type CatalogSettingsSection } from './catalogSettings.js';
export { uploadTokenVerifierPort } from './uploadTokens.js';
export { frameOriginsPort, type FrameOrigins } from './frameOrigins.js';
export { allIngestionListeners, ingestionListeners, type IngestionListener } from './ingestion.js';
export { dashboardsPort, type DashboardsDirectory, type DashboardSummary } from './dashboards.js';
export { helpSearchSources, type HelpCandidate, type HelpSearchSource } from './helpSearch.js';
export { organisationMembersPort, type OrganisationMember, type OrganisationMembers } from './organisationMembers.js';
export { faqPort, type FaqShelf } from './faq.js';
export { impactSources, type ImpactedAsset, type ImpactKind, type ImpactSource } from './impact.js';
export {
  catalogReadModelPort,
  type AssetFacts,
  type CatalogNode,
  type CatalogReadModel,
  type HealthEvidence,
  type IngestionSummary,
} from './catalogReadModel.js';
