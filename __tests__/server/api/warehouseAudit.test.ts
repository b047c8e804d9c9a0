// A warehouse change and its audit entry: the entry is committed as an intent before the change
// reaches the warehouse and settled after it, so no change is ever made without an entry; a
// pending intent left by a dead process is settled from the warehouse's state.
import Fastify from 'fastify';
import { auditedWrite, PORTAL_INSTANCE } from '../../../server/src/features/warehouse/routes/auditedWrite';
import { settleInterruptedChanges } from '../../../server/src/features/warehouse/routes/changeRecovery';
import type { Caller } from '../../../server/src/platform/http/auth/tokenVerifier';
import { listAudit, recordIntent } from '../../../server/src/platform/store/audit';
import { type Store } from '../../../server/src/platform/store/openStore';
import type { WarehouseRegistry } from '../../../server/src/features/warehouse';
import { openTestAccount, type TestAccount } from '../features/warehouse/sampleAccount';
import { openMemoryStore } from '../schemaStore';

jest.setTimeout(60_000);

// A logger that says nothing (Fastify's own when logging is off).
const log = Fastify({ logger: false }).log;
let store: Store;
let account: TestAccount;
beforeAll(async () => {
  [store, account] = await Promise.all([openMemoryStore(), openTestAccount({ queryCount: 2000 })]);
});
afterAll(async () => {
  await Promise.all([store?.close(), account?.close()]);
});

const admin: Caller = { subject: 'sub-1', username: 'admin', organisation: 'acme', roles: ['admin'] };
const roleExists = async (name: string) =>
  (await account.sql('SELECT COUNT(*) AS N FROM ACCOUNT_USAGE.ROLES WHERE NAME = ? AND DELETED_ON IS NULL', [name]))[0]?.N === 1;
const write = (caller: Caller, change: Record<string, unknown>) =>
  auditedWrite(store.db, caller, log, (audit, options) => account.warehouse.write(change, audit, options), { change });

test('a change is audited with its statements and settled as applied', async () => {
  const applied = await write(admin, { kind: 'createRole', roleName: 'AUDITED_ROLE' });
  expect(applied.statements).toEqual(['CREATE ROLE "AUDITED_ROLE"']);
  expect(await roleExists('AUDITED_ROLE')).toBe(true);
  const [entry] = await listAudit(store.db, 'acme', 1);
  expect(entry).toMatchObject({
    action: 'warehouse.createRole',
    target: 'role:AUDITED_ROLE',
    actor_username: 'admin',
    outcome: 'applied',
    instance: PORTAL_INSTANCE,
  });
  expect(entry?.settled_at).not.toBeNull();
  expect(entry?.details).toMatchObject({ statements: ['CREATE ROLE "AUDITED_ROLE"'], engine: 'duckdb' });
});

test('the intent is committed before the change reaches the warehouse', async () => {
  let seenBeforeChange: string | undefined;
  await auditedWrite(store.db, admin, log, async (audit, options) => {
    const applied = await account.warehouse.write(
      { kind: 'createRole', roleName: 'INTENT_FIRST' },
      async (planned) => {
        await audit(planned);
        // Read through the store (not the intent's own transaction): it must already be visible.
        seenBeforeChange = (await listAudit(store.db, 'acme', 1))[0]?.outcome;
        expect(await roleExists('INTENT_FIRST')).toBe(false);
      },
      options,
    );
    return applied;
  });
  expect(seenBeforeChange).toBe('pending');
  expect((await listAudit(store.db, 'acme', 1))[0]).toMatchObject({ target: 'role:INTENT_FIRST', outcome: 'applied' });
});

test('a change refused while planning leaves no entry; one that fails after its intent is settled as failed', async () => {
  const before = (await listAudit(store.db, 'acme', 1000)).length;
  await expect(write(admin, { kind: 'createRole', roleName: 'AUDITED_ROLE' })).rejects.toThrow('already exists');
  await expect(write(admin, { kind: 'grantRoleToUser', roleName: 'NO_SUCH_ROLE', userName: 'DBT_SVC' })).rejects.toThrow();
  expect((await listAudit(store.db, 'acme', 1000)).length).toBe(before);

  // The change fails after its intent was recorded: the entry says so, the warehouse is unchanged.
  await expect(
    auditedWrite(store.db, admin, log, (audit, options) =>
      account.warehouse.write(
        { kind: 'createRole', roleName: 'FAILS_LATE' },
        async (planned) => {
          await audit(planned);
          throw new Error('the warehouse went away');
        },
        options,
      ),
    ),
  ).rejects.toThrow('the warehouse went away');
  expect(await roleExists('FAILS_LATE')).toBe(false);
  expect((await listAudit(store.db, 'acme', 1))[0]).toMatchObject({
    target: 'role:FAILS_LATE',
    outcome: 'failed',
    details: expect.objectContaining({ error: 'the warehouse went away' }),
  });
});

test('when the intent cannot be written, the change is never made', async () => {
  // A NULL subject breaks the audit log's NOT NULL constraint.
  const broken: Caller = { ...admin, subject: null as unknown as string };
  await expect(write(broken, { kind: 'createRole', roleName: 'HALF_DONE_ROLE' })).rejects.toThrow();
  expect(await roleExists('HALF_DONE_ROLE')).toBe(false);
});

test('a refused protected-role change is audited as failed and changes nothing', async () => {
  const clientAdmin: Caller = { subject: 'sub-2', username: 'clientadmin', organisation: 'acme', roles: ['user', 'Client-Admin'] };
  await expect(write(clientAdmin, { kind: 'grantRoleToRole', roleName: 'ACCOUNTADMIN', parentRoleName: 'PUBLIC' })).rejects.toMatchObject({
    kind: 'forbidden',
  });
  expect((await listAudit(store.db, 'acme', 1))[0]).toMatchObject({
    actor_username: 'clientadmin',
    action: 'warehouse.grantRoleToRole',
    outcome: 'failed',
    details: expect.objectContaining({ refused: expect.stringContaining('ACCOUNTADMIN') }),
  });
});

describe('start-up recovery of intents a dead process left pending', () => {
  const registry = { forOrganisation: async () => account.warehouse } as unknown as WarehouseRegistry;
  const actor = { organisation: 'acme', subject: 'sub-1', username: 'admin' };
  const pending = (action: string, target: string, change: Record<string, unknown>) =>
    recordIntent(store.db, actor, { action, target, details: { change } }, 'a-process-that-died');

  test('settles each as applied or not applied by looking at the warehouse', async () => {
    // The process died after the change: the role exists.
    await account.warehouse.write({ kind: 'createRole', roleName: 'MADE_BEFORE_CRASH' });
    const made = await pending('warehouse.createRole', 'role:MADE_BEFORE_CRASH', { kind: 'createRole', roleName: 'MADE_BEFORE_CRASH' });
    // The process died before the change: the role does not exist.
    const lost = await pending('warehouse.createRole', 'role:NEVER_MADE', { kind: 'createRole', roleName: 'NEVER_MADE' });
    // A grant that did happen, and a revoke that did not.
    await account.warehouse.write({ kind: 'grantRoleToUser', roleName: 'ANALYST', userName: 'DBT_SVC' });
    const granted = await pending('warehouse.grantRoleToUser', 'user:DBT_SVC', {
      kind: 'grantRoleToUser',
      roleName: 'ANALYST',
      userName: 'DBT_SVC',
    });
    const notRevoked = await pending('warehouse.revokeRoleFromUser', 'user:DBT_SVC', {
      kind: 'revokeRoleFromUser',
      roleName: 'ANALYST',
      userName: 'DBT_SVC',
    });
    // This process's own intent in flight is left alone.
    const own = await recordIntent(
      store.db,
      actor,
      { action: 'warehouse.createRole', target: 'role:IN_FLIGHT', details: { change: { kind: 'createRole', roleName: 'IN_FLIGHT' } } },
      PORTAL_INSTANCE,
    );

    expect(await settleInterruptedChanges(store, registry, log)).toBe(4);
    const outcomes = new Map((await listAudit(store.db, 'acme', 1000)).map((entry) => [entry.id, entry.outcome]));
    expect(outcomes.get(made)).toBe('applied');
    expect(outcomes.get(lost)).toBe('not_applied');
    expect(outcomes.get(granted)).toBe('applied');
    expect(outcomes.get(notRevoked)).toBe('not_applied');
    expect(outcomes.get(own)).toBe('pending');
    expect(await settleInterruptedChanges(store, registry, log)).toBe(0);
  });
});
