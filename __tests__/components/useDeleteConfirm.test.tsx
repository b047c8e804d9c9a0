import { act, renderHook } from '@testing-library/react';
import { useDeleteConfirm } from '../../src/components/useDeleteConfirm';

function mutation(answer: { data: null } | { error: unknown }, error?: unknown) {
  const trigger = jest.fn((_id: string) => Promise.resolve(answer));
  const reset = jest.fn();
  return { trigger, reset, pair: [trigger, { isLoading: false, error, reset }] as const };
}

it('asks about one thing, deletes it by its argument, closes and says so', async () => {
  const { trigger, pair } = mutation({ data: null });
  const onDone = jest.fn();
  const { result } = renderHook(() => useDeleteConfirm(pair, (item: { id: string }) => item.id, onDone));
  expect(result.current.target).toBeNull();
  act(() => result.current.ask({ id: 'b1' }));
  expect(result.current.target).toEqual({ id: 'b1' });
  expect(result.current.dialogProps).toMatchObject({ variant: 'danger', busy: false, error: null });
  await act(async () => {
    result.current.dialogProps.onConfirm();
    await Promise.resolve();
  });
  expect(trigger).toHaveBeenCalledWith('b1');
  expect(result.current.target).toBeNull();
  expect(onDone).toHaveBeenCalledWith({ id: 'b1' });
});

it('stays open on a refusal, shows it in words, and forgets it on cancel', async () => {
  const { reset, pair } = mutation({ error: { status: 409 } }, { status: 409, data: { error: 'in_use', message: 'It is in use.' } });
  const onDone = jest.fn();
  const { result } = renderHook(() => useDeleteConfirm(pair, (id: string) => id, onDone));
  act(() => result.current.ask('b1'));
  await act(async () => {
    result.current.dialogProps.onConfirm();
    await Promise.resolve();
  });
  expect(result.current.target).toBe('b1');
  expect(onDone).not.toHaveBeenCalled();
  expect(result.current.dialogProps.error).toBe('It is in use.');
  act(() => result.current.dialogProps.onCancel());
  expect(result.current.target).toBeNull();
  expect(reset).toHaveBeenCalled();
});
