// The server area contract (docs/architecture.md, "Areas").
export { defineArea, type AreaContext, type AreaLifecycle, type PortalArea } from './portalArea.js';
