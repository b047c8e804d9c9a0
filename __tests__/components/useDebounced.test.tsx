import { act, renderHook } from '@testing-library/react';
import { useDebounced } from '../../src/components/useDebounced';

afterEach(() => jest.useRealTimers());

it('follows the value once it has stopped changing for the pause', () => {
  jest.useFakeTimers();
  const { result, rerender } = renderHook(({ value }) => useDebounced(value, 250), { initialProps: { value: 'a' } });
  expect(result.current).toBe('a');
  rerender({ value: 'ab' });
  act(() => jest.advanceTimersByTime(200));
  rerender({ value: 'abc' });
  act(() => jest.advanceTimersByTime(200));
  expect(result.current).toBe('a');
  act(() => jest.advanceTimersByTime(50));
  expect(result.current).toBe('abc');
});
