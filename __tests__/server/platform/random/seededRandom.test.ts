import { mulberry32, seeded, seedFrom } from '../../../../server/src/platform/random/seededRandom';

it('repeats the same sequence for the same text and differs for another', () => {
  const draws = (text: string) =>
    Array.from(
      { length: 5 },
      (
        (random) => () =>
          random.next()
      )(seeded(text)),
    );
  expect(draws('acme')).toEqual(draws('acme'));
  expect(draws('acme')).not.toEqual(draws('globex'));
  expect(seeded('acme').next()).toBe(mulberry32(seedFrom('acme')).next());
});

it('keeps draws within their bounds', () => {
  const random = seeded('bounds');
  for (let i = 0; i < 1000; i += 1) {
    const value = random.int(3, 7);
    expect(value).toBeGreaterThanOrEqual(3);
    expect(value).toBeLessThanOrEqual(7);
    const index = random.skewed(10);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(10);
    expect(random.next()).toBeLessThan(1);
  }
  expect(() => random.pick([])).toThrow('pick from an empty list');
  expect(random.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
});
