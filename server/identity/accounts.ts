/**
 * Accounts of the dev identity server: a JSON file under the data directory, scrypt password
 * hashes, and Keycloak-like brute-force protection (N consecutive failures lock the account).
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { DemoAccount } from './demoAccounts.js';
import { readJsonFile, SerialWriter } from './fileStore.js';

export interface Account {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  /** Organisation aliases, Keycloak 26 organizations shape (usually zero or one). */
  organizations: string[];
  realmRoles: string[];
  passwordHash: string;
  createdAt: number;
  failedLogins: number;
  /** Epoch milliseconds until which sign-in is refused, or null. */
  lockedUntil: number | null;
  /** A disabled account cannot sign in (Keycloak's "enabled" switch). */
  enabled: boolean;
  /** Keycloak's required actions still to complete at the next sign-in (e.g. UPDATE_PASSWORD). */
  requiredActions: string[];
  /** Ids of the organisation's groups the account belongs to. */
  groups: string[];
}

/** How a password check ended; `lockedNow` when this failure is the one that locked the account. */
export type SignInAttempt =
  | { outcome: 'ok'; account: Account }
  | { outcome: 'invalid'; account: Account | undefined; lockedNow: boolean }
  | { outcome: 'locked'; account: Account };

export interface NewAccount {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export interface LockoutPolicy {
  failures: number;
  seconds: number;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hash used for unknown usernames so that they take as long as known ones. */
let dummyHash: Promise<string> | undefined;

export function normaliseUsername(value: string): string {
  return value.trim().toLowerCase();
}

export class AccountStore {
  private readonly accounts = new Map<string, Account>();
  private readonly writer: SerialWriter;

  private constructor(
    file: string,
    private readonly lockout: LockoutPolicy,
  ) {
    this.writer = new SerialWriter(file, () => ({ version: 1, accounts: [...this.accounts.values()] }));
  }

  static async open(file: string, lockout: LockoutPolicy): Promise<AccountStore> {
    const store = new AccountStore(file, lockout);
    const data = await readJsonFile(file);
    if (data !== undefined) {
      const accounts = (data as { accounts?: unknown }).accounts;
      if (!Array.isArray(accounts)) throw new Error(`${file} has an unexpected format; delete it to start afresh`);
      for (const entry of accounts as Partial<Account>[]) {
        if (entry && typeof entry.id === 'string' && typeof entry.username === 'string') {
          const account = entry as Account;
          account.failedLogins = typeof entry.failedLogins === 'number' ? entry.failedLogins : 0;
          account.lockedUntil = typeof entry.lockedUntil === 'number' ? entry.lockedUntil : null;
          account.organizations = Array.isArray(entry.organizations) ? entry.organizations : [];
          account.realmRoles = Array.isArray(entry.realmRoles) ? entry.realmRoles : [];
          // Files written before these fields existed: enabled, nothing pending, no groups.
          account.enabled = entry.enabled !== false;
          account.requiredActions = Array.isArray(entry.requiredActions) ? entry.requiredActions : [];
          account.groups = Array.isArray(entry.groups) ? entry.groups : [];
          store.accounts.set(account.id, account);
        }
      }
    }
    return store;
  }

  /** Adds the demo accounts that do not exist yet (password = username). Returns how many were added. */
  async seedDemo(demo: readonly DemoAccount[]): Promise<number> {
    let added = 0;
    for (const entry of demo) {
      if (this.findByUsername(entry.username)) continue;
      const account: Account = {
        id: randomUUID(),
        username: entry.username,
        email: entry.email,
        firstName: entry.firstName,
        lastName: entry.lastName,
        emailVerified: true,
        organizations: [entry.organization],
        realmRoles: [...entry.realmRoles],
        passwordHash: await hashPassword(entry.username),
        createdAt: Date.now(),
        failedLogins: 0,
        lockedUntil: null,
        enabled: true,
        requiredActions: [],
        groups: [],
      };
      this.accounts.set(account.id, account);
      added += 1;
    }
    await this.writer.flush();
    return added;
  }

  /**
   * Removes the demo accounts whose password is still their username (an account whose
   * password was changed is somebody's own now). Returns the usernames removed.
   */
  async removeDemo(demo: readonly DemoAccount[]): Promise<string[]> {
    const removed: string[] = [];
    for (const entry of demo) {
      const account = this.findByUsername(entry.username);
      if (account && (await verifyPassword(entry.username, account.passwordHash))) {
        this.accounts.delete(account.id);
        removed.push(account.username);
      }
    }
    if (removed.length > 0) await this.writer.flush();
    return removed;
  }

  findById(id: string): Account | undefined {
    return this.accounts.get(id);
  }

  findByUsername(username: string): Account | undefined {
    const wanted = normaliseUsername(username);
    for (const account of this.accounts.values()) {
      if (account.username === wanted) return account;
    }
    return undefined;
  }

  findByEmail(email: string): Account | undefined {
    const wanted = email.trim().toLowerCase();
    for (const account of this.accounts.values()) {
      if (account.email.toLowerCase() === wanted) return account;
    }
    return undefined;
  }

  findByUsernameOrEmail(value: string): Account | undefined {
    return this.findByUsername(value) ?? (value.includes('@') ? this.findByEmail(value) : undefined);
  }

  /**
   * Checks a sign-in attempt. Unknown user, wrong password and locked account all answer
   * null so that callers show one message.
   */
  async authenticate(username: string, password: string): Promise<Account | null> {
    const attempt = await this.attempt(username, password);
    return attempt.outcome === 'ok' ? attempt.account : null;
  }

  /** The same check as `authenticate`, telling the caller why it failed (for the sign-in event log). */
  async attempt(username: string, password: string): Promise<SignInAttempt> {
    const account = this.findByUsernameOrEmail(username);
    if (!account) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(password, await dummyHash);
      return { outcome: 'invalid', account: undefined, lockedNow: false };
    }
    const now = Date.now();
    const locked = account.lockedUntil !== null && account.lockedUntil > now;
    const matches = await verifyPassword(password, account.passwordHash);
    if (locked) return { outcome: 'locked', account };
    if (account.lockedUntil !== null) {
      account.lockedUntil = null;
      account.failedLogins = 0;
    }
    if (matches) {
      if (account.failedLogins !== 0) {
        account.failedLogins = 0;
        await this.writer.flush();
      }
      return { outcome: 'ok', account };
    }
    account.failedLogins += 1;
    let lockedNow = false;
    if (account.failedLogins >= this.lockout.failures) {
      account.failedLogins = 0;
      account.lockedUntil = now + this.lockout.seconds * 1000;
      lockedNow = true;
    }
    await this.writer.flush();
    return { outcome: 'invalid', account, lockedNow };
  }

  /** The brute-force rules this store applies (shown read-only to organisation admins). */
  lockoutPolicy(): LockoutPolicy {
    return { ...this.lockout };
  }

  all(): Account[] {
    return [...this.accounts.values()];
  }

  /** Adds an account made by an administrator (an invitation); its password is unusable until set. */
  async add(account: Account): Promise<void> {
    if (this.findByUsername(account.username)) throw new Error('username taken');
    if (this.findByEmail(account.email)) throw new Error('email taken');
    this.accounts.set(account.id, account);
    await this.writer.flush();
  }

  /** Applies `change` to the account and saves; answers the account, or undefined when it does not exist. */
  async update(id: string, change: (account: Account) => void): Promise<Account | undefined> {
    const account = this.accounts.get(id);
    if (!account) return undefined;
    change(account);
    await this.writer.flush();
    return account;
  }

  isLocked(account: Account): boolean {
    return account.lockedUntil !== null && account.lockedUntil > Date.now();
  }

  async create(input: NewAccount): Promise<Account> {
    const username = normaliseUsername(input.username);
    if (this.findByUsername(username)) throw new Error('username taken');
    if (this.findByEmail(input.email)) throw new Error('email taken');
    const account: Account = {
      id: randomUUID(),
      username,
      email: input.email.trim(),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      emailVerified: false,
      organizations: [],
      realmRoles: ['user'],
      passwordHash: await hashPassword(input.password),
      createdAt: Date.now(),
      failedLogins: 0,
      lockedUntil: null,
      enabled: true,
      requiredActions: [],
      groups: [],
    };
    this.accounts.set(account.id, account);
    await this.writer.flush();
    return account;
  }

  async setPassword(id: string, password: string): Promise<void> {
    const account = this.accounts.get(id);
    if (!account) throw new Error('account not found');
    account.passwordHash = await hashPassword(password);
    account.failedLogins = 0;
    account.lockedUntil = null;
    // A new password completes the "update password" required action (reset or invitation).
    account.requiredActions = account.requiredActions.filter((action) => action !== 'UPDATE_PASSWORD');
    await this.writer.flush();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}

export function displayName(account: Account): string {
  return [account.firstName, account.lastName].filter((part) => part !== '').join(' ') || account.username;
}
