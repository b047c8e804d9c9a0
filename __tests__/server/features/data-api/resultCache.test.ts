import { ResultCache } from '../../../../server/src/features/data-api/resultCache';

describe('the data API result cache', () => {
  it('keeps an answer for its lifetime, and nothing with no lifetime', () => {
    let now = 0;
    const cache = new ResultCache<string>(10, () => now);
    cache.set('a', 'first', 1000);
    cache.set('never', 'kept', 0);
    now = 999;
    expect(cache.get('a')).toBe('first');
    expect(cache.get('never')).toBeUndefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a null answer (no such live endpoint) apart from a missing one', () => {
    const cache = new ResultCache<string | null>();
    cache.set('gone', null, 60_000);
    expect(cache.get('gone')).toBeNull();
    expect(cache.get('unknown')).toBeUndefined();
  });

  it('drops the least recently used answer once full, and everything on clear', () => {
    const cache = new ResultCache<number>(2);
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 60_000);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 60_000);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});
