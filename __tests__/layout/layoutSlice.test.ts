import { configureStore } from '@reduxjs/toolkit';
import { defaultLayoutSettings, type LayoutSettings } from '@common/layout/layoutSettings';
import { layoutActions as a, layoutReducer } from '../../src/layout/layoutSlice';

const state = (patch: Partial<LayoutSettings> = {}): LayoutSettings => ({ ...defaultLayoutSettings, ...patch });

describe('layout defaults (docs/shell-rules.md, "Dashboards list and layout settings")', () => {
  it('match the specification', () => {
    expect(defaultLayoutSettings).toMatchObject({
      layout: 'vertical',
      layoutType: 'menu-dark',
      navBackColor: 'navbar-dark',
      navBrandColor: 'brand-dark',
      navFixedLayout: true,
      headerFixedLayout: false,
      navListIcon: 'style1',
      navActiveListColor: 'active-default',
      navListTitleColor: 'title-default',
      navListTitleHide: true,
      collapseMenu: false,
      navIconColor: false,
      navBackImage: false,
      rtlLayout: false,
      isOpen: [],
      isTrigger: [],
    });
    expect(defaultLayoutSettings.layout6Background).toMatch(/^linear-gradient\(/);
  });
});

describe('menu toggles (docs/shell-rules.md, "Menu and layout behaviour")', () => {
  it('a top-level menu opens alone (accordion) and closes when toggled again', () => {
    let s = layoutReducer(state({ isOpen: ['consume'], isTrigger: ['consume'] }), a.toggleMenuItem({ id: 'optimize', type: 'collapse' }));
    expect(s.isOpen).toEqual(['optimize']);
    expect(s.isTrigger).toEqual(['optimize']);
    s = layoutReducer(s, a.toggleMenuItem({ id: 'optimize', type: 'collapse' }));
    expect(s.isOpen).toEqual([]);
    expect(s.isTrigger).toEqual([]);
  });

  it('a sub menu toggles in both lists and stays open with its parent', () => {
    let s = layoutReducer(
      state({ isOpen: ['data-catalog'], isTrigger: ['data-catalog'] }),
      a.toggleMenuItem({ id: 'catalog-governance', type: 'sub' }),
    );
    expect(s.isOpen).toEqual(['data-catalog', 'catalog-governance']);
    expect(s.isTrigger).toEqual(['data-catalog', 'catalog-governance']);
    s = layoutReducer(s, a.toggleMenuItem({ id: 'catalog-governance', type: 'sub' }));
    expect(s.isTrigger).toEqual(['data-catalog']);
  });

  it('leaving a collapsed sub menu removes only that sub menu; other types change nothing', () => {
    const open = state({ isOpen: ['a', 'b'], isTrigger: ['a', 'b'] });
    expect(layoutReducer(open, a.leaveCollapsedSubMenu({ id: 'b', type: 'sub' })).isTrigger).toEqual(['a']);
    expect(layoutReducer(open, a.leaveCollapsedSubMenu({ id: 'b', type: 'collapse' }))).toEqual(open);
  });

  it('leaving the nav content empties both lists', () => {
    const s = layoutReducer(state({ isOpen: ['a'], isTrigger: ['a'] }), a.leaveNavContent());
    expect([s.isOpen, s.isTrigger]).toEqual([[], []]);
  });
});

describe('appearance actions', () => {
  it('toggles the booleans', () => {
    const s0 = state();
    expect(layoutReducer(s0, a.toggleBoxLayout()).boxLayout).toBe(true);
    expect(layoutReducer(s0, a.collapseMenu()).collapseMenu).toBe(true);
    expect(layoutReducer(s0, a.toggleConfigBlock()).configBlock).toBe(true);
    expect(layoutReducer(s0, a.toggleNavFixedLayout()).navFixedLayout).toBe(false);
    expect(layoutReducer(s0, a.toggleNavIconColor()).navIconColor).toBe(true);
    expect(layoutReducer(s0, a.toggleNavListTitleHide()).navListTitleHide).toBe(false);
    expect(layoutReducer(s0, a.toggleRtlLayout()).rtlLayout).toBe(true);
  });

  it('a fixed header without colour becomes header-blue; an existing colour stays', () => {
    expect(layoutReducer(state(), a.toggleHeaderFixedLayout())).toMatchObject({ headerFixedLayout: true, headerBackColor: 'header-blue' });
    expect(layoutReducer(state({ headerBackColor: 'header-red' }), a.toggleHeaderFixedLayout()).headerBackColor).toBe('header-red');
    // Turning it off keeps the colour the user has.
    const off = layoutReducer(state({ headerFixedLayout: true, headerBackColor: '' }), a.toggleHeaderFixedLayout());
    expect(off).toMatchObject({ headerFixedLayout: false, headerBackColor: '' });
  });

  it('setting the nav colour drops the image and resets the brand colour', () => {
    const s = layoutReducer(state({ navBackImage: 'navbar-image-1', navBrandColor: 'brand-red' }), a.setNavBackColor('navbar-blue'));
    expect(s).toMatchObject({ navBackColor: 'navbar-blue', navBackImage: false, navBrandColor: 'brand-default' });
  });

  it('setting a nav image switches menu-light to menu-dark and clears the colours', () => {
    const s = layoutReducer(state({ layoutType: 'menu-light' }), a.setNavBackImage('navbar-image-2'));
    expect(s).toMatchObject({ navBackImage: 'navbar-image-2', layoutType: 'menu-dark', navBackColor: '', navBrandColor: '' });
  });

  it('the layout type overwrites only the colours passed; menu-light clears the image', () => {
    const s = layoutReducer(
      state({ navBackImage: 'navbar-image-1', headerBackColor: 'header-red' }),
      a.setLayoutType({ layoutType: 'menu-light', navBackColor: 'navbar-default' }),
    );
    expect(s).toMatchObject({
      layoutType: 'menu-light',
      navBackColor: 'navbar-default',
      navBrandColor: 'brand-dark',
      headerBackColor: 'header-red',
      navBackImage: false,
    });
  });

  it('layout 6 background changes the size only when given', () => {
    const s = layoutReducer(
      state({ layout6BackSize: 'cover' }),
      a.setLayout6Background({ background: 'linear-gradient(to right, #11998e 0%, #38ef7d 100%)' }),
    );
    expect(s.layout6BackSize).toBe('cover');
    expect(layoutReducer(s, a.setLayout6Background({ background: s.layout6Background, size: 'auto' })).layout6BackSize).toBe('auto');
  });

  it('sets the plain values', () => {
    const s0 = state();
    expect(layoutReducer(s0, a.changeLayout('horizontal')).layout).toBe('horizontal');
    expect(layoutReducer(s0, a.changeSubLayout('layout-2')).subLayout).toBe('layout-2');
    expect(layoutReducer(s0, a.setHeaderBackColor('header-dark')).headerBackColor).toBe('header-dark');
    expect(layoutReducer(s0, a.setNavActiveListColor('active-red')).navActiveListColor).toBe('active-red');
    expect(layoutReducer(s0, a.setNavBrandColor('brand-blue')).navBrandColor).toBe('brand-blue');
    expect(layoutReducer(s0, a.setNavListIcon('style3')).navListIcon).toBe('style3');
    expect(layoutReducer(s0, a.setNavDropdownIcon('style2')).navDropdownIcon).toBe('style2');
    expect(layoutReducer(s0, a.setNavListTitleColor('title-blue')).navListTitleColor).toBe('title-blue');
  });

  it('reset restores every appearance setting but keeps the open menu and the panel', () => {
    const changed = state({
      layout: 'horizontal',
      subLayout: 'layout-3',
      collapseMenu: true,
      layoutType: 'menu-light',
      navIconColor: true,
      navBackColor: 'navbar-red',
      navBrandColor: 'brand-red',
      navBackImage: 'navbar-image-3',
      rtlLayout: true,
      navFixedLayout: false,
      headerFixedLayout: true,
      boxLayout: true,
      navListIcon: 'style6',
      navActiveListColor: 'active-dark',
      navListTitleColor: 'title-dark',
      navListTitleHide: false,
      layout6BackSize: 'auto',
      headerBackColor: 'header-dark',
      navDropdownIcon: 'style3',
      configBlock: true,
      isOpen: ['x'],
      isTrigger: ['x'],
    });
    expect(layoutReducer(changed, a.resetLayout())).toEqual({
      ...defaultLayoutSettings,
      configBlock: true,
      isOpen: ['x'],
      isTrigger: ['x'],
    });
  });
});

describe('unknown actions', () => {
  it('an unknown layout action is an error', () => {
    expect(() => layoutReducer(state(), { type: 'layout/noSuchAction' })).toThrow('Unknown layout action: layout/noSuchAction');
  });

  it('actions of other slices pass through, so the store still starts', () => {
    const store = configureStore({ reducer: { layout: layoutReducer } });
    expect(() => store.dispatch({ type: 'auth/signedOut' })).not.toThrow();
    expect(store.getState().layout).toEqual(defaultLayoutSettings);
  });
});
