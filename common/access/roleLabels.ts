// What people read for each portal role: the identity service's role names stay as they are
// (Keycloak realm roles), but a person picking one reads what it is for.
import { isPortalRole, type PortalRole } from './roleGrants';

export const portalRoleLabels: Record<PortalRole, string> = {
  admin: 'Platform administrator',
  product: 'Product team',
  assured: 'Support staff',
  'Client-Admin': 'Organisation administrator',
  'Client-Admin-Lite': 'Organisation administrator (Lite)',
  Integration_Engineer: 'Integration engineer',
  'Client-Dataworks-docs': 'Documentation editor',
  'Client-dataworks-business-users': 'Business user',
  'Client-Lite': 'Lite user',
  user: 'Signed-in user',
};

/** "Business user (Client-dataworks-business-users)": the words, and the name the identity service uses. */
export function portalRoleLabel(role: string): string {
  return isPortalRole(role) ? `${portalRoleLabels[role]} (${role})` : role;
}
