// The contracts areas use to talk to each other (docs/architecture.md, "Ports").
export { createPortRegistry, defineExtensionPoint, definePort, type ExtensionPoint, type Port, type PortRegistry } from './portRegistry.js';
export { warehouseAccessPort, type DbtNodeCostRollup, type SnowflakeAccount, type WarehouseAccess } from './warehouseAccess.js';
export { catalogSettingsPort, type CatalogSettings, type CatalogSettingsSection } from './catalogSettings.js';
export { uploadTokenVerifierPort } from './uploadTokens.js';
export { frameOriginsPort, type FrameOrigins } from './frameOrigins.js';
export { allIngestionListeners, ingestionListeners, type IngestionListener } from './ingestion.js';
