// What the app hands every area besides the platform's context: the settings and the few
// objects opened before the server (the store, the warehouse registry, the revocation list).
// Each area declares the slice it reads; the compiler checks this type holds it.
import type { PortalConfig } from '../config.js';
import type { IdentityService } from '../features/security/area.js';
import type { WarehouseRegistry } from '../features/warehouse/area.js';
import type { RevocationList } from '../platform/http/auth/revocations.js';
import type { Store } from '../platform/store/openStore.js';

export interface AreaInputs {
  config: PortalConfig;
  store: Store;
  warehouses: WarehouseRegistry;
  /** Another identity service than the one the settings name (tests hand in their own). */
  identityService?: IdentityService;
  revocations: RevocationList;
}
