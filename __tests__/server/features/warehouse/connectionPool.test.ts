// Reads on the embedded warehouse run side by side on a pool of connections, one statement per
// connection at a time; a statement waits only while every connection is busy.
import { ConnectionPool, READ_CONNECTIONS } from '../../../../server/src/platform/warehouse/duckdbEngine';

/** Resolves once `count` parties have arrived; rejects if they do not all arrive soon. */
function barrier(count: number) {
  let arrived = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (release = resolve));
  return async () => {
    arrived += 1;
    if (arrived === count) release();
    await Promise.race([
      all,
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`only ${arrived} of ${count} ran at once`)), 2000)),
    ]);
  };
}

it(`runs up to ${READ_CONNECTIONS} statements at once, each on a connection of its own`, async () => {
  const pool = new ConnectionPool(['a', 'b', 'c', 'd'].slice(0, READ_CONNECTIONS));
  const together = barrier(READ_CONNECTIONS);
  const used = await Promise.all(
    Array.from({ length: READ_CONNECTIONS }, () =>
      pool.use(async (connection) => {
        await together();
        return connection;
      }),
    ),
  );
  expect(new Set(used).size).toBe(READ_CONNECTIONS);
});

it('makes a statement wait while every connection is busy, then lends it the first one freed', async () => {
  const pool = new ConnectionPool(['only']);
  const order: string[] = [];
  let finishFirst: () => void = () => undefined;
  const first = pool.use(async () => {
    order.push('first starts');
    await new Promise<void>((resolve) => (finishFirst = resolve));
    order.push('first ends');
  });
  const second = pool.use(async (connection) => {
    order.push(`second starts on ${connection}`);
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['first starts']);
  finishFirst();
  await Promise.all([first, second]);
  expect(order).toEqual(['first starts', 'first ends', 'second starts on only']);
});

it('gives the connection back when a statement fails', async () => {
  const pool = new ConnectionPool(['only']);
  await expect(pool.use(async () => Promise.reject(new Error('syntax error')))).rejects.toThrow('syntax error');
  expect(await pool.use(async (connection) => connection)).toBe('only');
});
