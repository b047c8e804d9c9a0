/**
 * A stand-in for snowflake-sdk: a pool of fake connections that record every statement and
 * answer SHOW commands from a small in-memory account, so the Snowflake engine and the
 * Snowflake write path can be tested without an account. DDL is recorded, not interpreted.
 */
import type { Connection, ConnectionOptions, StatementOption } from 'snowflake-sdk';
import type { SnowflakePool, SnowflakeSdk } from '../../../../server/src/features/warehouse/snowflakeEngine';

export interface FakeAccount {
  users: Array<Record<string, unknown>>;
  roles: Array<Record<string, unknown>>;
  grantsToUsers: Array<{ role: string; grantee_name: string }>;
  warehouses: Array<Record<string, unknown>>;
}

export interface Executed {
  connection: number;
  sqlText: string;
  binds: readonly unknown[];
}

export class FakeSnowflake implements SnowflakeSdk {
  readonly executed: Executed[] = [];
  options: ConnectionOptions | null = null;
  /** Errors to throw for statements matching a pattern (first match wins, removed once used unless sticky). */
  readonly failures: Array<{ match: RegExp; error: Record<string, unknown>; sticky?: boolean }> = [];
  connections = 0;
  drained = false;

  constructor(readonly account: FakeAccount) {}

  createPool(options: ConnectionOptions): SnowflakePool {
    this.options = options;
    const idle: Connection[] = [];
    return {
      use: async <T>(work: (connection: Connection) => Promise<T>): Promise<T> => {
        const connection = idle.pop() ?? this.connection();
        try {
          return await work(connection);
        } finally {
          idle.push(connection);
        }
      },
      drain: async () => {
        this.drained = true;
      },
      clear: async () => undefined,
    };
  }

  statements(): string[] {
    return this.executed.map((e) => e.sqlText);
  }

  /** Statements other than session set-up and reads. */
  ddl(): string[] {
    return this.statements().filter((s) => !/^(ALTER SESSION|SHOW |SELECT |BEGIN|COMMIT|ROLLBACK)/.test(s));
  }

  private connection(): Connection {
    const id = ++this.connections;
    const execute = (options: StatementOption): unknown => {
      this.executed.push({ connection: id, sqlText: options.sqlText, binds: (options.binds ?? []) as readonly unknown[] });
      const failure = this.failures.find((f) => f.match.test(options.sqlText));
      setImmediate(() => {
        if (failure) {
          if (!failure.sticky) this.failures.splice(this.failures.indexOf(failure), 1);
          options.complete?.(
            Object.assign(new Error(String(failure.error.message ?? 'failed')), failure.error) as never,
            {} as never,
            undefined,
          );
          return;
        }
        options.complete?.(undefined, {} as never, this.answer(options.sqlText));
      });
      return {};
    };
    return { execute } as unknown as Connection;
  }

  private answer(text: string): Array<Record<string, unknown>> {
    const like = /LIKE '([^']*)'/.exec(text)?.[1];
    const quoted = /"([^"]+)"/.exec(text)?.[1];
    if (text.startsWith('SHOW USERS')) return this.account.users.filter((u) => like === undefined || u.name === like);
    if (text.startsWith('SHOW ROLES')) return this.account.roles.filter((r) => like === undefined || r.name === like);
    if (text.startsWith('SHOW WAREHOUSES')) return this.account.warehouses;
    if (text.startsWith('SHOW GRANTS TO USER')) {
      return this.account.grantsToUsers
        .filter((g) => g.grantee_name === quoted)
        .map((g) => ({ created_on: new Date('2025-01-01T00:00:00Z'), ...g, granted_to: 'USER', granted_by: 'SECURITYADMIN' }));
    }
    if (text.startsWith('SHOW GRANTS TO ROLE')) {
      return [
        {
          created_on: new Date('2025-01-01T00:00:00Z'),
          privilege: 'USAGE',
          granted_on: 'WAREHOUSE',
          name: 'BI_WH',
          granted_to: 'ROLE',
          grantee_name: quoted,
          grant_option: 'false',
          granted_by: 'SYSADMIN',
        },
      ];
    }
    if (text.startsWith('SHOW GRANTS OF ROLE')) {
      return this.account.grantsToUsers
        .filter((g) => g.role === quoted)
        .map((g) => ({
          created_on: new Date('2025-01-01T00:00:00Z'),
          role: g.role,
          granted_to: 'USER',
          grantee_name: g.grantee_name,
          granted_by: 'SECURITYADMIN',
        }));
    }
    return [];
  }
}

/** A small account shaped like SHOW output (text booleans, lower-case columns). */
export function fakeAccount(): FakeAccount {
  return {
    users: [
      {
        name: 'JANE_DOE',
        login_name: 'JANE_DOE',
        display_name: 'Jane Doe',
        email: 'jane@acme.example',
        disabled: 'false',
        default_role: 'ANALYST',
        default_warehouse: 'BI_WH',
        created_on: new Date('2024-05-01T10:00:00Z'),
        last_success_login: new Date('2026-03-01T09:00:00Z'),
        type: 'PERSON',
        has_mfa: 'true',
        comment: '',
      },
      {
        name: 'OLD_ADMIN',
        login_name: 'OLD_ADMIN',
        display_name: 'Old Admin',
        email: null,
        disabled: 'true',
        default_role: null,
        default_warehouse: null,
        created_on: new Date('2022-01-01T10:00:00Z'),
        last_success_login: null,
        type: 'PERSON',
        comment: null,
      },
    ],
    roles: [
      {
        name: 'ANALYST',
        owner: 'USERADMIN',
        comment: 'Analysts',
        created_on: new Date('2024-01-01T00:00:00Z'),
        assigned_to_users: '1',
        granted_to_roles: '1',
        granted_roles: '0',
      },
      {
        name: 'PUBLIC',
        owner: '',
        comment: 'Public',
        created_on: new Date('2020-01-01T00:00:00Z'),
        assigned_to_users: '0',
        granted_to_roles: '0',
        granted_roles: '0',
      },
    ],
    grantsToUsers: [{ role: 'ANALYST', grantee_name: 'JANE_DOE' }],
    warehouses: [
      {
        name: 'BI_WH',
        state: 'SUSPENDED',
        type: 'STANDARD',
        size: 'Medium',
        min_cluster_count: 1,
        max_cluster_count: 1,
        auto_suspend: 600,
        auto_resume: 'true',
        scaling_policy: 'STANDARD',
        owner: 'SYSADMIN',
        comment: '',
      },
      {
        name: 'ADHOC_WH',
        state: 'STARTED',
        type: 'STANDARD',
        size: 'X-Small',
        min_cluster_count: 1,
        max_cluster_count: 1,
        auto_suspend: null,
        auto_resume: 'true',
        scaling_policy: 'STANDARD',
        owner: 'SYSADMIN',
        comment: null,
      },
    ],
  };
}
