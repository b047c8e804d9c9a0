/**
 * The sample account's users, roles and grants. Deliberate findings for the Users page:
 * two administrators holding ACCOUNTADMIN who have not signed in for months (one without
 * MFA), a dormant SECURITYADMIN, people without MFA, a disabled leaver and a dropped user.
 */
import type { Random } from '../../platform/random/seededRandom.js';
import { SAMPLE_WAREHOUSES } from './sampleWarehouses.js';

export interface SampleUser {
  name: string;
  displayName: string;
  email: string | null;
  type: 'PERSON' | 'SERVICE';
  defaultRole: string;
  defaultWarehouse: string | null;
  hasMfa: boolean;
  hasPassword: boolean;
  disabled: boolean;
  createdDaysAgo: number;
  /** Days before "now" of the last sign-in; null = derived from the user's queries. */
  lastLoginDaysAgo: number | null;
  deletedDaysAgo: number | null;
  roles: string[];
}

export interface SampleRole {
  name: string;
  owner: string;
  comment: string;
  createdDaysAgo: number;
}

export interface SampleRoleGrant {
  privilege: string;
  grantedOn: 'ROLE' | 'WAREHOUSE' | 'DATABASE' | 'SCHEMA' | 'ACCOUNT';
  name: string;
  grantee: string;
  grantedBy: string;
}

export const SYSTEM_ROLES: readonly SampleRole[] = [
  { name: 'ACCOUNTADMIN', owner: '', comment: 'Account administrator can manage all aspects of the account.', createdDaysAgo: 900 },
  { name: 'SECURITYADMIN', owner: '', comment: 'Security administrator can manage security aspects of the account.', createdDaysAgo: 900 },
  { name: 'USERADMIN', owner: '', comment: 'User administrator can create and manage users and roles', createdDaysAgo: 900 },
  { name: 'SYSADMIN', owner: '', comment: 'System administrator can create and manage databases and warehouses.', createdDaysAgo: 900 },
  { name: 'PUBLIC', owner: '', comment: 'Public role is automatically available to every user in the account.', createdDaysAgo: 900 },
];

const CUSTOM_ROLES: ReadonlyArray<[string, string]> = [
  ['ANALYST', 'Analysts: read marts, run ad hoc work on ANALYTICS_WH'],
  ['BI_READER', 'Dashboards: read marts through BI_WH'],
  ['TRANSFORMER', 'dbt: build staging and marts'],
  ['LOADER', 'Fivetran: load RAW'],
  ['DATA_ENGINEER', 'Engineers: develop on DEV_WH'],
  ['REPORTING', 'Scheduled reports'],
  ['MONITOR', 'Metadata monitoring'],
  ['FINANCE_ANALYST', 'Finance team read access'],
];

const FIRST = [
  'Alice',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'James',
  'Kenji',
  'Lena',
  'Marco',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
  'Zoe',
];
const LAST = [
  'Martin',
  'Okafor',
  'Dubois',
  'Schmidt',
  'Rossi',
  'Nakamura',
  'Silva',
  'Novak',
  'Haddad',
  'Kowalski',
  'Berg',
  'Moreau',
  'Patel',
  'Jensen',
  'Costa',
  'Ivanova',
  'Murphy',
  'Laurent',
];

export interface SamplePeople {
  users: SampleUser[];
  roles: SampleRole[];
  roleGrants: SampleRoleGrant[];
  analysts: string[];
  engineers: string[];
}

export function samplePeople(random: Random, org: string): SamplePeople {
  const names = new Set<string>();
  const person = (roles: string[], options: Partial<SampleUser> = {}): SampleUser => {
    let first = '';
    let last = '';
    let name = '';
    do {
      first = random.pick(FIRST);
      last = random.pick(LAST);
      name = `${first}_${last}`.toUpperCase();
    } while (names.has(name));
    names.add(name);
    return {
      name,
      displayName: `${first} ${last}`,
      email: `${first}.${last}@${org}.example`.toLowerCase(),
      type: 'PERSON',
      defaultRole: roles[0] ?? 'PUBLIC',
      defaultWarehouse: null,
      hasMfa: random.next() < 0.6,
      hasPassword: true,
      disabled: false,
      createdDaysAgo: random.int(100, 800),
      lastLoginDaysAgo: random.int(0, 20),
      deletedDaysAgo: null,
      roles,
      ...options,
    };
  };
  const service = (name: string, role: string, warehouse: string | null): SampleUser => ({
    name,
    displayName: name,
    email: null,
    type: 'SERVICE',
    defaultRole: role,
    defaultWarehouse: warehouse,
    hasMfa: false,
    hasPassword: false,
    disabled: false,
    createdDaysAgo: random.int(300, 800),
    lastLoginDaysAgo: null,
    deletedDaysAgo: null,
    roles: [role],
  });

  const analysts = Array.from({ length: 7 }, () =>
    person(['ANALYST', 'BI_READER'], { defaultWarehouse: 'ANALYTICS_WH', lastLoginDaysAgo: null }),
  );
  const engineers = Array.from({ length: 3 }, (_, i) =>
    person(i === 0 ? ['DATA_ENGINEER', 'SYSADMIN'] : ['DATA_ENGINEER'], { defaultWarehouse: 'DEV_WH', lastLoginDaysAgo: null }),
  );
  const users: SampleUser[] = [
    ...analysts,
    ...engineers,
    person(['ACCOUNTADMIN', 'SYSADMIN'], { hasMfa: true, lastLoginDaysAgo: random.int(0, 3) }),
    person(['ACCOUNTADMIN', 'SECURITYADMIN'], { hasMfa: false, lastLoginDaysAgo: random.int(0, 6) }),
    // Dormant holders of powerful roles.
    person(['ACCOUNTADMIN'], { hasMfa: false, lastLoginDaysAgo: random.int(150, 400), createdDaysAgo: 850 }),
    person(['ACCOUNTADMIN', 'SYSADMIN'], { hasMfa: true, lastLoginDaysAgo: random.int(100, 140), createdDaysAgo: 700 }),
    person(['SECURITYADMIN', 'USERADMIN'], { hasMfa: false, lastLoginDaysAgo: random.int(95, 200) }),
    person(['FINANCE_ANALYST', 'BI_READER'], { lastLoginDaysAgo: random.int(1, 30) }),
    person(['FINANCE_ANALYST', 'BI_READER'], { lastLoginDaysAgo: random.int(1, 30) }),
    person(['ANALYST'], { disabled: true, lastLoginDaysAgo: random.int(60, 120) }),
    person(['ANALYST'], { deletedDaysAgo: random.int(20, 60), lastLoginDaysAgo: random.int(70, 90) }),
    service('LOOKER_SVC', 'BI_READER', 'BI_WH'),
    service('TABLEAU_SVC', 'BI_READER', 'BI_WH'),
    service('DBT_SVC', 'TRANSFORMER', 'ELT_WH'),
    service('FIVETRAN_SVC', 'LOADER', 'ELT_WH'),
    service('REPORT_SVC', 'REPORTING', 'REPORTING_WH'),
    service('MONITOR_SVC', 'MONITOR', null),
  ];

  const roles: SampleRole[] = [
    ...SYSTEM_ROLES,
    ...CUSTOM_ROLES.map(([name, comment]) => ({ name, owner: 'USERADMIN', comment, createdDaysAgo: random.int(300, 850) })),
  ];

  const hierarchy: ReadonlyArray<[string, string]> = [
    ['SECURITYADMIN', 'ACCOUNTADMIN'],
    ['SYSADMIN', 'ACCOUNTADMIN'],
    ['USERADMIN', 'SECURITYADMIN'],
    ...CUSTOM_ROLES.map(([name]): [string, string] => [name, 'SYSADMIN']),
    ['BI_READER', 'ANALYST'],
    ['ANALYST', 'DATA_ENGINEER'],
  ];
  const warehouseUsage: ReadonlyArray<[string, string]> = [
    ['BI_WH', 'BI_READER'],
    ['ANALYTICS_WH', 'ANALYST'],
    ['ANALYTICS_WH', 'FINANCE_ANALYST'],
    ['ELT_WH', 'TRANSFORMER'],
    ['ELT_WH', 'LOADER'],
    ['REPORTING_WH', 'REPORTING'],
    ['DEV_WH', 'DATA_ENGINEER'],
  ];
  const roleGrants: SampleRoleGrant[] = [
    ...hierarchy.map(([child, parent]): SampleRoleGrant => ({
      privilege: 'USAGE',
      grantedOn: 'ROLE',
      name: child,
      grantee: parent,
      grantedBy: 'SECURITYADMIN',
    })),
    ...warehouseUsage.map(([warehouse, role]): SampleRoleGrant => ({
      privilege: 'USAGE',
      grantedOn: 'WAREHOUSE',
      name: warehouse,
      grantee: role,
      grantedBy: 'SYSADMIN',
    })),
    ...SAMPLE_WAREHOUSES.map((w): SampleRoleGrant => ({
      privilege: 'OWNERSHIP',
      grantedOn: 'WAREHOUSE',
      name: w.name,
      grantee: w.owner,
      grantedBy: w.owner,
    })),
    { privilege: 'USAGE', grantedOn: 'DATABASE', name: 'ANALYTICS', grantee: 'BI_READER', grantedBy: 'SYSADMIN' },
    { privilege: 'USAGE', grantedOn: 'DATABASE', name: 'ANALYTICS', grantee: 'TRANSFORMER', grantedBy: 'SYSADMIN' },
    { privilege: 'USAGE', grantedOn: 'DATABASE', name: 'RAW', grantee: 'LOADER', grantedBy: 'SYSADMIN' },
    { privilege: 'USAGE', grantedOn: 'DATABASE', name: 'RAW', grantee: 'ANALYST', grantedBy: 'SYSADMIN' },
    { privilege: 'SELECT', grantedOn: 'SCHEMA', name: 'ANALYTICS.MARTS', grantee: 'BI_READER', grantedBy: 'SYSADMIN' },
    { privilege: 'SELECT', grantedOn: 'SCHEMA', name: 'ANALYTICS.MARTS', grantee: 'FINANCE_ANALYST', grantedBy: 'SYSADMIN' },
    { privilege: 'CREATE TABLE', grantedOn: 'SCHEMA', name: 'ANALYTICS.MARTS', grantee: 'TRANSFORMER', grantedBy: 'SYSADMIN' },
    { privilege: 'CREATE TABLE', grantedOn: 'SCHEMA', name: 'RAW.SEGMENT', grantee: 'LOADER', grantedBy: 'SYSADMIN' },
    { privilege: 'MONITOR USAGE', grantedOn: 'ACCOUNT', name: org.toUpperCase(), grantee: 'MONITOR', grantedBy: 'ACCOUNTADMIN' },
  ];

  return { users, roles, roleGrants, analysts: analysts.map((u) => u.name), engineers: engineers.map((u) => u.name) };
}

/** Databases of DATABASE_STORAGE_USAGE_HISTORY: bytes at the start of the window and daily growth. */
export const SAMPLE_DATABASES: ReadonlyArray<{ name: string; startBytes: number; dailyGrowth: number; failsafeShare: number }> = [
  { name: 'RAW', startBytes: 2.4 * 1024 ** 4, dailyGrowth: 0.004, failsafeShare: 0.12 },
  { name: 'ANALYTICS', startBytes: 0.9 * 1024 ** 4, dailyGrowth: 0.002, failsafeShare: 0.08 },
  { name: 'SANDBOX', startBytes: 0.15 * 1024 ** 4, dailyGrowth: 0.001, failsafeShare: 0.02 },
];
