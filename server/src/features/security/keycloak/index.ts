// The identity service over a real Keycloak 26 (admin REST API, organizations feature).
export { KeycloakIdentityService, POLICY_ATTRIBUTES } from './keycloakIdentityService.js';
export type { KeycloakSettings } from './keycloakConnection.js';
export { keycloakClientSecret } from './keycloakSecret.js';
