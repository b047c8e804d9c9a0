// Layout settings of the page shell: every layout action with the semantics of
// docs/shell-rules.md, "Menu and layout behaviour". The reducer only reads its own state and its action.
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { defaultLayoutSettings, type AppearancePatch, type LayoutSettings } from '@common/layout/layoutSettings';

export type MenuToggle = { id: string; type: 'sub' | 'item' | 'collapse' };

type Colours = Partial<Pick<LayoutSettings, 'navBackColor' | 'navBrandColor' | 'headerBackColor'>>;

function removeId(ids: string[], id: string): string[] {
  return ids.filter((existing) => existing !== id);
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: defaultLayoutSettings,
  reducers: {
    toggleBoxLayout(state) {
      state.boxLayout = !state.boxLayout;
    },
    changeLayout(state, action: PayloadAction<LayoutSettings['layout']>) {
      state.layout = action.payload;
    },
    changeSubLayout(state, action: PayloadAction<LayoutSettings['subLayout']>) {
      state.subLayout = action.payload;
    },
    collapseMenu(state) {
      state.collapseMenu = !state.collapseMenu;
    },
    toggleMenuItem(state, action: PayloadAction<MenuToggle>) {
      const { id, type } = action.payload;
      if (type === 'sub') {
        // Nested menus stay open together: toggle just this one in both lists.
        const open = state.isOpen.includes(id);
        state.isOpen = open ? removeId(state.isOpen, id) : [...state.isOpen, id];
        state.isTrigger = state.isTrigger.includes(id) ? removeId(state.isTrigger, id) : [...state.isTrigger, id];
        return;
      }
      // Accordion: opening a top-level menu closes the others; opening it again closes it.
      const triggered = state.isTrigger.includes(id);
      state.isOpen = triggered ? [] : [id];
      state.isTrigger = triggered ? [] : [id];
    },
    leaveCollapsedSubMenu(state, action: PayloadAction<MenuToggle>) {
      if (action.payload.type !== 'sub') return;
      state.isOpen = removeId(state.isOpen, action.payload.id);
      state.isTrigger = removeId(state.isTrigger, action.payload.id);
    },
    leaveNavContent(state) {
      state.isOpen = [];
      state.isTrigger = [];
    },
    /** Opens the menu sections that lead to the current page (on mount and on navigation). */
    openMenuPath(state, action: PayloadAction<string[]>) {
      state.isOpen = action.payload;
      state.isTrigger = action.payload;
    },
    toggleConfigBlock(state) {
      state.configBlock = !state.configBlock;
    },
    setHeaderBackColor(state, action: PayloadAction<LayoutSettings['headerBackColor']>) {
      state.headerBackColor = action.payload;
    },
    toggleHeaderFixedLayout(state) {
      state.headerFixedLayout = !state.headerFixedLayout;
      // A fixed header without a colour would let the page show through it.
      if (state.headerFixedLayout && state.headerBackColor === '') state.headerBackColor = 'header-blue';
    },
    setLayoutType(state, action: PayloadAction<{ layoutType: LayoutSettings['layoutType'] } & Colours>) {
      const { layoutType, ...colours } = action.payload;
      state.layoutType = layoutType;
      if (colours.navBackColor !== undefined) state.navBackColor = colours.navBackColor;
      if (colours.navBrandColor !== undefined) state.navBrandColor = colours.navBrandColor;
      if (colours.headerBackColor !== undefined) state.headerBackColor = colours.headerBackColor;
      if (layoutType === 'menu-light') state.navBackImage = false;
    },
    setLayout6Background(
      state,
      action: PayloadAction<{ background: LayoutSettings['layout6Background']; size?: LayoutSettings['layout6BackSize'] }>,
    ) {
      state.layout6Background = action.payload.background;
      if (action.payload.size !== undefined) state.layout6BackSize = action.payload.size;
    },
    setNavActiveListColor(state, action: PayloadAction<LayoutSettings['navActiveListColor']>) {
      state.navActiveListColor = action.payload;
    },
    setNavBrandColor(state, action: PayloadAction<LayoutSettings['navBrandColor']>) {
      state.navBrandColor = action.payload;
    },
    setNavBackColor(state, action: PayloadAction<LayoutSettings['navBackColor']>) {
      state.navBackColor = action.payload;
      state.navBackImage = false;
      state.navBrandColor = 'brand-default';
    },
    setNavBackImage(state, action: PayloadAction<LayoutSettings['navBackImage']>) {
      state.navBackImage = action.payload;
      if (state.layoutType === 'menu-light') state.layoutType = 'menu-dark';
      state.navBackColor = '';
      state.navBrandColor = '';
    },
    toggleNavFixedLayout(state) {
      state.navFixedLayout = !state.navFixedLayout;
    },
    toggleNavIconColor(state) {
      state.navIconColor = !state.navIconColor;
    },
    setNavListIcon(state, action: PayloadAction<LayoutSettings['navListIcon']>) {
      state.navListIcon = action.payload;
    },
    setNavDropdownIcon(state, action: PayloadAction<LayoutSettings['navDropdownIcon']>) {
      state.navDropdownIcon = action.payload;
    },
    setNavListTitleColor(state, action: PayloadAction<LayoutSettings['navListTitleColor']>) {
      state.navListTitleColor = action.payload;
    },
    toggleNavListTitleHide(state) {
      state.navListTitleHide = !state.navListTitleHide;
    },
    toggleRtlLayout(state) {
      state.rtlLayout = !state.rtlLayout;
    },
    /** Every appearance setting back to its default; which menu is open and the panel stay. */
    resetLayout(state) {
      return { ...defaultLayoutSettings, isOpen: state.isOpen, isTrigger: state.isTrigger, configBlock: state.configBlock };
    },
    /** Applies a validated patch (from "apply settings" or the admin page). */
    applySettings(state, action: PayloadAction<AppearancePatch>) {
      return { ...state, ...action.payload };
    },
    /**
     * The user's own settings as the server kept them, applied at sign-in (a new browser starts
     * from the defaults). Not saved back: it is what the server already holds.
     */
    restoreSavedSettings(state, action: PayloadAction<AppearancePatch>) {
      return { ...state, ...action.payload };
    },
  },
  extraReducers: (builder) => {
    // The spec makes an unknown layout action an error rather than a silent no-op, so a typo
    // in a dispatch fails loudly. Actions of other slices pass through untouched.
    builder.addMatcher(
      (action: UnknownAction) => action.type.startsWith('layout/') && !knownLayoutActions.has(action.type),
      (_state, action) => {
        throw new Error(`Unknown layout action: ${action.type}`);
      },
    );
  },
  selectors: {
    selectLayout: (state) => state,
  },
});

const knownLayoutActions = new Set<string>(Object.values(layoutSlice.actions).map((creator) => creator.type));

export const layoutActions = layoutSlice.actions;
export const { selectLayout } = layoutSlice.selectors;
export const layoutReducer = layoutSlice.reducer;

declare module '../state/rootState' {
  interface RootState {
    /** Persisted by redux-persist, which adds its own `_persist` marker. */
    layout: LayoutSettings & PersistPartial;
  }
}
