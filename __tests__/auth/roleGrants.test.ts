// Who may grant which portal role: admin any, Client-Admin up to its own level and never the
// platform staff roles, everyone else none; unknown roles never.
import { canGrantRole, grantableRoles, grantingLevel, portalRoles, powerfulRoles } from '@common/access/roleGrants';

test('the platform admin may grant every portal role', () => {
  expect(grantableRoles(['user', 'admin'])).toEqual(portalRoles);
});

test('a Client-Admin grants only roles at or below its own', () => {
  const roles = ['user', 'Client-Admin'];
  expect(canGrantRole(roles, 'Client-Admin')).toBe(true);
  expect(canGrantRole(roles, 'Integration_Engineer')).toBe(true);
  expect(canGrantRole(roles, 'Client-Dataworks-docs')).toBe(true);
  for (const above of ['admin', 'product', 'assured']) expect(canGrantRole(roles, above)).toBe(false);
  expect(grantableRoles(roles)).not.toContain('admin');
});

test('members without an administrator role grant nothing; unknown roles are never grantable', () => {
  expect(grantingLevel(['user', 'Integration_Engineer'])).toBe(0);
  expect(grantableRoles(['user', 'product'])).toEqual([]);
  expect(grantableRoles(['Client-Admin-Lite'])).toEqual([]);
  expect(canGrantRole(['admin'], 'realm-admin')).toBe(false);
  expect(canGrantRole(['admin'], '__proto__')).toBe(false);
});

test('the powerful roles are portal roles', () => {
  for (const role of powerfulRoles) expect(portalRoles).toContain(role);
});
