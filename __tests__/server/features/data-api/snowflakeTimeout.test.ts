// A data API read on Snowflake past its time limit: the engine asks Snowflake to cancel the
// statement and the caller gets the time-out (not a generic engine error). A stand-in SDK whose
// statements finish only when cancelled (and answer the session set-up at once).
import type { Connection, StatementOption } from 'snowflake-sdk';
import { openSnowflakeEngine, type SnowflakeSdk } from '../../../../server/src/features/warehouse/snowflakeEngine';
import { StatementTimeoutError } from '../../../../server/src/platform/warehouse/errors';
import { boundedRead } from '../../../../server/src/platform/warehouse/readOnlyQuery';

test('a statement past its limit is cancelled in Snowflake and answered as a time-out', async () => {
  const cancelled: string[] = [];
  const executed: { sqlText: string; binds: unknown }[] = [];
  const connection = {
    execute: (options: StatementOption) => {
      executed.push({ sqlText: options.sqlText, binds: options.binds });
      if (options.sqlText.startsWith('ALTER SESSION')) {
        setImmediate(() => options.complete?.(undefined, {} as never, []));
        return {};
      }
      return {
        cancel: (done: () => void) => {
          cancelled.push(options.sqlText);
          options.complete?.(Object.assign(new Error('SQL execution canceled'), { code: '000604' }) as never, {} as never, undefined);
          done();
        },
      };
    },
  } as unknown as Connection;
  const sdk: SnowflakeSdk = {
    createPool: () => ({ use: (work) => work(connection), drain: async () => undefined, clear: async () => undefined }),
  };
  const engine = await openSnowflakeEngine({ account: 'a', username: 'u', privateKeyPath: '/k.p8', role: 'R', warehouse: 'W' }, sdk);
  const read = boundedRead(engine, 'SELECT * FROM T WHERE A = CAST(? AS VARCHAR)', ['x'], { maxRows: 10, offset: 0, timeoutMs: 50 });
  await expect(read).rejects.toThrow(StatementTimeoutError);
  expect(cancelled).toEqual(['SELECT * FROM (\nSELECT * FROM T WHERE A = CAST(? AS VARCHAR)\n) AS endpoint_result LIMIT 11 OFFSET 0']);
  expect(executed.at(-1)?.binds).toEqual(['x']);
});
