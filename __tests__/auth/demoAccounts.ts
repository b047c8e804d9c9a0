// The demo accounts' realm roles (docs/shell-rules.md, "Roles, editions and the access table"), as the browser sees them in tokens.
export const demoRoles = {
  admin: ['user', 'admin'],
  clientadmin: ['user', 'Client-Admin'],
  engineer: ['user', 'Integration_Engineer'],
  docs: ['user', 'Client-Dataworks-docs'],
  business: ['user', 'Client-dataworks-business-users'],
  product: ['user', 'product', 'admin'],
  assured: ['user', 'assured'],
  lite: ['user', 'Client-Lite'],
  liteadmin: ['user', 'Client-Admin-Lite'],
  nobody: [],
} as const satisfies Record<string, readonly string[]>;

export type DemoAccount = keyof typeof demoRoles;
export const demoAccounts = Object.keys(demoRoles) as DemoAccount[];
