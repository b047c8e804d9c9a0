/**
 * Injection payloads in every name and filter field: each is refused with an
 * InvalidInputError naming the field, and none ever reaches the engine (a spy at the engine
 * boundary records every statement text and bound value).
 */
import { InvalidInputError } from '../../../server/src/warehouse/errors';
import { Warehouse } from '../../../server/src/warehouse/warehouse';
import { PAYLOADS } from './injectionPayloads';
import { fullRange, infoFor, openTestAccount, spyEngine, type Recorded, type TestAccount } from './sampleAccount';

/**
 * Free-text fields (display name, comment) accept letters of any script, digits, spaces and
 * . , _ ( ) @ + -, so they must refuse every payload with any other character: quotes, control
 * characters, backslashes, semicolons and the like, which could break out of a string literal.
 */
const LITERAL_BREAKERS = PAYLOADS.filter((p) => /[^\p{L}\p{N} .,_()@+-]/u.test(p));

type Attempt = [field: string, run: (w: Warehouse, payload: string) => Promise<unknown>];

const RANGE = { from: '2026-01-01', to: '2026-03-18' };

const NAME_FIELDS: Attempt[] = [
  ['userName', (w, p) => w.write({ kind: 'createUser', userName: p })],
  ['defaultRole', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', defaultRole: p })],
  ['defaultWarehouse', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', defaultWarehouse: p })],
  ['userName', (w, p) => w.write({ kind: 'setUserDisabled', userName: p, disabled: true })],
  ['userName', (w, p) => w.write({ kind: 'setUserDefaults', userName: p, defaultRole: 'PUBLIC' })],
  ['defaultRole', (w, p) => w.write({ kind: 'setUserDefaults', userName: 'DBT_SVC', defaultRole: p })],
  ['defaultWarehouse', (w, p) => w.write({ kind: 'setUserDefaults', userName: 'DBT_SVC', defaultWarehouse: p })],
  ['roleName', (w, p) => w.write({ kind: 'grantRoleToUser', roleName: p, userName: 'DBT_SVC' })],
  ['userName', (w, p) => w.write({ kind: 'grantRoleToUser', roleName: 'PUBLIC', userName: p })],
  ['roleName', (w, p) => w.write({ kind: 'revokeRoleFromUser', roleName: p, userName: 'DBT_SVC' })],
  ['userName', (w, p) => w.write({ kind: 'revokeRoleFromUser', roleName: 'PUBLIC', userName: p })],
  ['userName', (w, p) => w.write({ kind: 'dropUser', userName: p })],
  ['roleName', (w, p) => w.write({ kind: 'createRole', roleName: p })],
  ['roleName', (w, p) => w.write({ kind: 'grantRoleToRole', roleName: p, parentRoleName: 'SYSADMIN' })],
  ['parentRoleName', (w, p) => w.write({ kind: 'grantRoleToRole', roleName: 'ANALYST', parentRoleName: p })],
  ['warehouseName', (w, p) => w.write({ kind: 'alterWarehouse', warehouseName: p, autoSuspendSeconds: 60 })],
  ['size', (w, p) => w.write({ kind: 'alterWarehouse', warehouseName: 'BI_WH', size: p })],
  ['kind', (w, p) => w.write({ kind: p, userName: 'DBT_SVC' })],
  ['userName', (w, p) => w.getUser(p)],
  ['roleName', (w, p) => w.getRole(p)],
  ['search', (w, p) => w.listUsers({ search: p })],
  ['search', (w, p) => w.listRoles({ search: p })],
  ['queryId', (w, p) => w.queryDetail(p)],
];

const FILTER_FIELDS: Attempt[] = [
  ...(['warehouseName', 'userName', 'roleName', 'queryTag'] as const).flatMap((field): Attempt[] => [
    [field, (w, p) => w.topQueries({ range: RANGE, [field]: p })],
    [field, (w, p) => w.queryPatterns({ range: RANGE, [field]: p })],
    [field, (w, p) => w.remoteSpillingQueries({ range: RANGE, [field]: p })],
    [field, (w, p) => w.spillByWarehouse({ range: RANGE, [field]: p })],
  ]),
  ['from', (w, p) => w.costSummary({ from: p, to: '2026-01-31' })],
  ['to', (w, p) => w.warehouseUsage({ from: '2026-01-01', to: p })],
  ['from', (w, p) => w.recommendations({ from: p, to: '2026-01-31' })],
  ['to', (w, p) => w.usersOverview({ from: '2026-01-01', to: p })],
  ['from', (w, p) => w.topQueries({ range: { from: p, to: '2026-01-31' } })],
  ['asOf', (w, p) => w.monthToDate(p)],
  ['limit', (w, p) => w.topQueries({ range: RANGE }, { limit: p as unknown as number })],
  ['orderBy', (w, p) => w.topQueries({ range: RANGE }, { orderBy: p as 'cost' })],
  ['orderBy', (w, p) => w.queryPatterns({ range: RANGE }, { orderBy: p as 'cost' })],
  ['dormantDays', (w, p) => w.usersOverview(RANGE, { dormantDays: p as unknown as number })],
];

const TEXT_FIELDS: Attempt[] = [
  ['displayName', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', displayName: p })],
  ['comment', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', comment: p })],
  ['email', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', email: p })],
  ['comment', (w, p) => w.write({ kind: 'createRole', roleName: 'OK_ROLE', comment: p })],
];

/** A payload reached the engine if it was bound, or if a distinctive one (4+ characters; `"` is in every statement) is in the text. */
function reached(recorded: readonly Recorded[], payload: string): boolean {
  return recorded.some((r) => (payload.length >= 4 && r.text.includes(payload)) || r.params.some((v) => typeof v === 'string' && v.includes(payload)));
}

describe('injection payloads', () => {
  let account: TestAccount;
  let spy: ReturnType<typeof spyEngine>;
  let warehouse: Warehouse;
  beforeAll(async () => {
    account = await openTestAccount();
    spy = spyEngine(account.engine);
    warehouse = new Warehouse(infoFor('acme'), spy);
  });
  afterAll(() => account.close());

  it('has at least 30 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    expect(LITERAL_BREAKERS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
  });

  describe.each([
    ['name', NAME_FIELDS, PAYLOADS],
    ['filter', FILTER_FIELDS, PAYLOADS],
    ['free-text', TEXT_FIELDS, LITERAL_BREAKERS],
  ] as const)('in every %s field', (_kind, attempts, payloads) => {
    it.each(attempts.map((attempt, index) => [attempt[0], index] as const))('%s (#%i) refuses every payload with a 400 naming the field', async (field, index) => {
      const run = attempts[index]![1];
      for (const payload of payloads) {
        const before = spy.recorded.length;
        const error = await run(warehouse, payload).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect({ payload, error }).toEqual({ payload, error: expect.any(InvalidInputError) });
        expect({ payload, field: (error as InvalidInputError).field }).toEqual({ payload, field });
        expect(spy.recorded.length).toBe(before);
      }
    });
  });

  it('never let a payload reach the engine, while valid requests did', async () => {
    await warehouse.topQueries({ range: await fullRange(warehouse), userName: 'dbt_svc' }, { limit: 1 });
    expect(spy.recorded.length).toBeGreaterThan(0);
    for (const payload of PAYLOADS.filter((p) => p.length > 0)) expect({ payload, reached: reached(spy.recorded, payload) }).toEqual({ payload, reached: false });
  });

  it('refuses them on the Snowflake engine too, before any statement', async () => {
    const snowflakeSpy = spyEngine(account.engine, 'snowflake');
    const onSnowflake = new Warehouse(infoFor('acme', 'snowflake'), snowflakeSpy);
    for (const [field, run] of [...NAME_FIELDS, ...FILTER_FIELDS]) {
      for (const payload of PAYLOADS) {
        await expect(run(onSnowflake, payload)).rejects.toMatchObject({ field });
      }
    }
    expect(snowflakeSpy.recorded).toEqual([]);
  });
});
