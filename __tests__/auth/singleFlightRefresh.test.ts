import { singleFlightRefresh } from '../../src/auth/singleFlightRefresh';

/** A refresh that stays in flight until the test settles it. */
function controllableRefresh() {
  const pending: Array<{ minValidity: number; resolve: (refreshed: boolean) => void; reject: (error: Error) => void }> = [];
  const update = jest.fn(
    (minValidity: number) => new Promise<boolean>((resolve, reject) => pending.push({ minValidity, resolve, reject })),
  );
  return { update, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('singleFlightRefresh', () => {
  it('gives two concurrent callers one refresh', async () => {
    const { update, pending } = controllableRefresh();
    const updateToken = singleFlightRefresh(update);
    const first = updateToken(5);
    const second = updateToken(5);
    expect(update).toHaveBeenCalledTimes(1);
    pending[0]!.resolve(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);

    // Once it has landed, the next call refreshes again.
    const third = updateToken(5);
    expect(update).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(false);
    await expect(third).resolves.toBe(false);
  });

  it('lets a forced refresh answer everyone waiting, and shares its failure', async () => {
    const { update, pending } = controllableRefresh();
    const updateToken = singleFlightRefresh(update);
    const forced = updateToken(-1);
    const ordinary = updateToken(5);
    expect(update).toHaveBeenCalledTimes(1);
    pending[0]!.reject(new Error('refresh token expired'));
    await expect(forced).rejects.toThrow('refresh token expired');
    await expect(ordinary).rejects.toThrow('refresh token expired');
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('runs a forced refresh after an ordinary one that did not renew, never both at once', async () => {
    const { update, pending } = controllableRefresh();
    const updateToken = singleFlightRefresh(update);
    const ordinary = updateToken(5);
    const forced = updateToken(-1);
    await tick();
    expect(update).toHaveBeenCalledTimes(1);
    pending[0]!.resolve(false); // the token was still valid: nothing renewed
    await expect(ordinary).resolves.toBe(false);
    await tick();
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenLastCalledWith(-1);
    pending[1]!.resolve(true);
    await expect(forced).resolves.toBe(true);
  });

  it('does not refresh again for a forced caller when the refresh in flight renewed the token', async () => {
    const { update, pending } = controllableRefresh();
    const updateToken = singleFlightRefresh(update);
    const ordinary = updateToken(5);
    const forced = updateToken(-1);
    pending[0]!.resolve(true);
    await expect(Promise.all([ordinary, forced])).resolves.toEqual([true, true]);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('turns a synchronous throw into a rejection and does not get stuck', async () => {
    const update = jest.fn((minValidity: number): Promise<boolean> => {
      if (minValidity === 1) throw new Error('Invalid minValidity');
      return Promise.resolve(true);
    });
    const updateToken = singleFlightRefresh(update);
    await expect(updateToken(1)).rejects.toThrow('Invalid minValidity');
    await expect(updateToken(5)).resolves.toBe(true);
  });
});
