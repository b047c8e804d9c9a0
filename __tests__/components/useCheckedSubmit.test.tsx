import { act, renderHook } from '@testing-library/react';
import { textError, useCheckedSubmit } from '../../src/components/useCheckedSubmit';

const refusal = (status: number, data: unknown) => ({ error: { status, data } });

it('says an empty text, one past its limit, or nothing', () => {
  expect(textError('  ', 10, 'Name it.')).toBe('Name it.');
  expect(textError(' abc ', 3, 'Name it.')).toBeUndefined();
  expect(textError(' abc ', 3, 'Name it.', 5)).toBe('At most 3 characters.');
  expect(textError('x'.repeat(20_001), 20_000, 'Write it.')).toBe('At most 20,000 characters.');
});

it('shows the form’s own findings and sends nothing while there are any', async () => {
  const { result } = renderHook(() => useCheckedSubmit(['title', 'body'] as const));
  const action = jest.fn(() => Promise.resolve({ data: 1 }));
  const onDone = jest.fn();
  await act(() => result.current.send({ title: 'Name it.', body: undefined }, action, onDone));
  expect(result.current.errors).toEqual({ title: 'Name it.' });
  expect(action).not.toHaveBeenCalled();
  expect(onDone).not.toHaveBeenCalled();
});

it('hands the answer on once sent, with the findings cleared', async () => {
  const { result } = renderHook(() => useCheckedSubmit(['title'] as const));
  await act(() => result.current.send({ title: 'Name it.' }, jest.fn(), jest.fn()));
  const onDone = jest.fn();
  await act(() => result.current.send({ title: undefined }, () => Promise.resolve({ data: { id: 7 } }), onDone));
  expect(onDone).toHaveBeenCalledWith({ id: 7 });
  expect(result.current.errors).toEqual({});
  expect(result.current.error).toBeNull();
});

it('shows a refusal at the field it names, and any other one above the fields', async () => {
  const { result } = renderHook(() => useCheckedSubmit(['title'] as const));
  const onDone = jest.fn();
  await act(() =>
    result.current.send({}, () => Promise.resolve(refusal(400, { error: 'Bad Request', message: 'Too similar.', field: 'title' })), onDone),
  );
  expect(result.current.errors).toEqual({ title: 'Too similar.' });
  expect(result.current.error).toBeNull();
  await act(() =>
    result.current.send({}, () => Promise.resolve(refusal(500, { error: 'Internal Server Error', message: 'Out of order.' })), onDone),
  );
  expect(result.current.error).toBe('Out of order.');
  expect(onDone).not.toHaveBeenCalled();
});
