import { layoutPersistMigrate, LAYOUT_PERSIST_VERSION } from '../../src/layout/layoutPersistence';
import { parseSettingsJson } from '@common/layout/layoutSchema';
import { appearanceOf, defaultLayoutSettings } from '@common/layout/layoutSettings';

describe('apply settings JSON', () => {
  it('accepts the JSON that "copy settings" produces', () => {
    const result = parseSettingsJson(JSON.stringify(appearanceOf({ ...defaultLayoutSettings, rtlLayout: true })));
    expect(result).toEqual({ ok: true, patch: expect.objectContaining({ rtlLayout: true }) });
  });

  it('accepts a partial object', () => {
    expect(parseSettingsJson('{"layout":"horizontal"}')).toEqual({ ok: true, patch: { layout: 'horizontal' } });
  });

  it.each([
    ['not JSON', '{layout:', /Not valid JSON/],
    ['a wrong value, naming the field', '{"layout":"diagonal"}', /^layout: /],
    ['a wrong type, naming the field', '{"rtlLayout":"yes"}', /^rtlLayout: /],
    ['an unknown field', '{"colour":"red"}', /colour/],
    ['menu state, which is not a setting', '{"isOpen":["x"]}', /isOpen/],
    ['an array', '[1,2]', /./],
    ['an empty object', '{}', /No settings/],
    ['null', 'null', /./],
  ])('refuses %s with a reason', (_label, text, reason) => {
    const result = parseSettingsJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('persisted layout settings', () => {
  const persist = { version: LAYOUT_PERSIST_VERSION, rehydrated: false };
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('come back when valid', async () => {
    const stored = { ...appearanceOf(defaultLayoutSettings), layout: 'horizontal', _persist: persist };
    await expect(layoutPersistMigrate(stored as never, LAYOUT_PERSIST_VERSION)).resolves.toMatchObject({ layout: 'horizontal' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('fall back to the defaults, logging once, when foreign or corrupt', async () => {
    const stored = { layout: 'diagonal', token: 'eyJ', _persist: persist };
    await expect(layoutPersistMigrate(stored as never, LAYOUT_PERSIST_VERSION)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('from a newer version are not trusted', async () => {
    const stored = { layout: 'vertical', _persist: { version: LAYOUT_PERSIST_VERSION + 1, rehydrated: false } };
    await expect(layoutPersistMigrate(stored as never, LAYOUT_PERSIST_VERSION)).resolves.toBeUndefined();
  });
});

describe('appearanceOf', () => {
  it('keeps the appearance keys only, even when the stored state carries redux-persist data', () => {
    const stored = { ...defaultLayoutSettings, isOpen: ['consume'], _persist: { version: 1, rehydrated: true } };
    const appearance = appearanceOf(stored);
    expect(appearance).not.toHaveProperty('_persist');
    expect(appearance).not.toHaveProperty('isOpen');
    expect(parseSettingsJson(JSON.stringify(appearance))).toEqual({ ok: true, patch: appearance });
  });
});
