import { act, renderHook } from '@testing-library/react';
import { mutationOutcome, useMutationFeedback } from '../../src/api/useMutationFeedback';

const refused = (message: string, field?: string) => ({ error: { status: 400, data: { error: 'invalid', message, field } } });

it('says the sentence once done and resolves to the data', async () => {
  const { result } = renderHook(() => useMutationFeedback());
  let outcome: Awaited<ReturnType<typeof result.current.run>> | undefined;
  await act(async () => {
    outcome = await result.current.run(
      () => Promise.resolve({ data: 3 }),
      (count) => `Moved ${count}.`,
    );
  });
  expect(outcome).toEqual({ ok: true, data: 3 });
  expect(result.current.said).toBe('Moved 3.');
  expect(result.current.error).toBeNull();
  expect(result.current.busy).toBe(false);
});

it("shows a refusal in the server's words, keeps the last sentence and clears the refusal on the next run", async () => {
  const { result } = renderHook(() => useMutationFeedback());
  await act(async () => {
    await result.current.run(() => Promise.resolve({ data: null }), 'Saved.');
  });
  await act(async () => {
    await result.current.run(() => Promise.resolve(refused('Name is taken.')), 'Saved again.');
  });
  expect(result.current.error).toBe('Name is taken.');
  expect(result.current.said).toBe('Saved.');
  let settle: (value: { data: null }) => void = () => undefined;
  let running: Promise<unknown> = Promise.resolve();
  act(() => {
    running = result.current.run(() => new Promise<{ data: null }>((resolve) => (settle = resolve)));
  });
  expect(result.current.error).toBeNull();
  expect(result.current.busy).toBe(true);
  await act(async () => {
    settle({ data: null });
    await running;
  });
  expect(result.current.busy).toBe(false);
});

it('leaves a refusal at one of its fields to the form', async () => {
  const { result } = renderHook(() => useMutationFeedback({ fields: ['title', 'members'] }));
  let outcome: Awaited<ReturnType<typeof result.current.run>> | undefined;
  await act(async () => {
    outcome = await result.current.run(() => Promise.resolve(refused('Not a member.', 'members.2')));
  });
  expect(outcome).toMatchObject({ ok: false, message: 'Not a member.', field: 'members' });
  expect(result.current.error).toBeNull();
  await act(async () => {
    outcome = await result.current.run(() => Promise.resolve(refused('Too long.', 'body')));
  });
  expect(outcome).toMatchObject({ ok: false, message: 'Too long.', field: undefined });
  expect(result.current.error).toBe('Too long.');
});

it('reads a settled mutation without a hook', () => {
  expect(mutationOutcome({ data: 'x' })).toEqual({ ok: true, data: 'x' });
  expect(mutationOutcome({ error: { status: 'NETWORK_ERROR', data: undefined } })).toMatchObject({
    ok: false,
    message: 'The Dataworks service could not be reached. Check your connection and try again.',
  });
});
