import { safeStorage } from '../../src/layout/safeStorage';

describe('safeStorage', () => {
  beforeEach(() => localStorage.clear());

  it('returns what redux-persist wrote', async () => {
    const value = JSON.stringify({ layout: '"vertical"' });
    localStorage.setItem('persist:k', value);
    await expect(safeStorage.getItem('persist:k')).resolves.toBe(value);
  });

  it('drops unreadable text, logs once and returns nothing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('persist:k', '{not json');
    await expect(safeStorage.getItem('persist:k')).resolves.toBeNull();
    expect(localStorage.getItem('persist:k')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
