import { ResultCache } from '../../../../server/src/features/warehouse/resultCache';

describe('the analytics result cache', () => {
  it('computes a key once for concurrent and later asks, until it expires', async () => {
    let now = 0;
    const cache = new ResultCache(1000, 10, () => now);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([cache.remember('a', compute), cache.remember('a', compute)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.remember('a', compute)).toBe(1);
    now = 1000;
    expect(await cache.remember('a', compute)).toBe(2);
  });

  it('forgets everything on clear (a write), and never keeps a failure', async () => {
    const cache = new ResultCache(60_000);
    let runs = 0;
    await cache.remember('a', async () => ++runs);
    cache.clear();
    expect(await cache.remember('a', async () => ++runs)).toBe(2);
    await expect(cache.remember('b', async () => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    expect(await cache.remember('b', async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = new ResultCache(60_000, 2);
    let runs = 0;
    for (const key of ['a', 'b', 'c']) await cache.remember(key, async () => ++runs);
    expect(await cache.remember('c', async () => ++runs)).toBe(3);
    expect(await cache.remember('a', async () => ++runs)).toBe(4);
  });
});
