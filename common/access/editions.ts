// Editions decide which features a client organisation's users get (docs/shell-rules.md, "Roles, editions
// and the access table"). A feature is allowed when any edition listing it has a role the user holds.

export const features = [
  'home',
  'support',
  'data_catalog_basic',
  'data_catalog_advanced',
  'viewer',
  'consume',
  'integrations',
  'snowflake_optimization',
  'snowflake_users',
  'user_management',
  'freshness',
] as const;

export type Feature = (typeof features)[number];

export interface Edition {
  name: 'lite' | 'main';
  roles: readonly string[];
  features: readonly Feature[];
}

const coreFeatures: readonly Feature[] = ['home', 'support', 'data_catalog_basic', 'viewer', 'consume', 'integrations', 'freshness'];

export const editions: readonly Edition[] = [
  {
    name: 'lite',
    roles: ['Client-Lite', 'Client-Admin-Lite', 'for-industry'],
    features: ['home', 'support', 'data_catalog_basic', 'viewer', 'consume', 'integrations'],
  },
  {
    name: 'main',
    roles: [
      'admin',
      'assured',
      'client-admin',
      'Integration_Engineer',
      'Client-Admin',
      'Client-Dataworks-docs',
      'Client-dataworks-business-users',
    ],
    features: [...coreFeatures, 'snowflake_optimization', 'user_management', 'data_catalog_advanced', 'snowflake_users'],
  },
];

/** True when the user holds any of the listed roles. An empty list asks for nothing. */
export function hasAnyRole(userRoles: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((role) => userRoles.includes(role));
}

export function hasFeature(userRoles: readonly string[], feature: Feature): boolean {
  return editions.some((edition) => edition.features.includes(feature) && hasAnyRole(userRoles, edition.roles));
}

export function featuresOf(userRoles: readonly string[]): Feature[] {
  return features.filter((feature) => hasFeature(userRoles, feature));
}
