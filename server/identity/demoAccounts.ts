/**
 * Demo accounts of the dev identity server. Seeded on first start when IDENTITY_DEMO is on;
 * the password of each is its username.
 */
export interface DemoAccount {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Organisation alias (Keycloak 26 organizations). */
  organization: string;
  realmRoles: readonly string[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'admin'],
  },
  {
    username: 'clientadmin',
    firstName: 'Clara',
    lastName: 'Clientadmin',
    email: 'clientadmin@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'Client-Admin'],
  },
  {
    username: 'engineer',
    firstName: 'Ethan',
    lastName: 'Engineer',
    email: 'engineer@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'Integration_Engineer'],
  },
  {
    username: 'docs',
    firstName: 'Dora',
    lastName: 'Docs',
    email: 'docs@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'Client-Dataworks-docs'],
  },
  {
    username: 'business',
    firstName: 'Bianca',
    lastName: 'Business',
    email: 'business@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'Client-dataworks-business-users'],
  },
  {
    username: 'product',
    firstName: 'Priya',
    lastName: 'Product',
    email: 'product@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'product', 'admin'],
  },
  {
    username: 'assured',
    firstName: 'Arthur',
    lastName: 'Assured',
    email: 'assured@acme.example',
    organization: 'acme',
    realmRoles: ['user', 'assured'],
  },
  {
    username: 'lite',
    firstName: 'Liam',
    lastName: 'Lite',
    email: 'lite@globex.example',
    organization: 'globex',
    realmRoles: ['user', 'Client-Lite'],
  },
  {
    username: 'liteadmin',
    firstName: 'Lena',
    lastName: 'Liteadmin',
    email: 'liteadmin@globex.example',
    organization: 'globex',
    realmRoles: ['user', 'Client-Admin-Lite'],
  },
  { username: 'nobody', firstName: 'Noah', lastName: 'Nobody', email: 'nobody@globex.example', organization: 'globex', realmRoles: [] },
];
