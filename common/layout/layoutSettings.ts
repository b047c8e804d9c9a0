// The allowed values, shape and defaults of the page shell's layout settings (docs/shell-rules.md, "Dashboards list and layout settings").
// The matching validation schema is in layoutSchema.ts, loaded only when something must be
// checked (stored settings, pasted settings), so the start-up bundle stays small.

export const layouts = ['vertical', 'horizontal', 'layout-6'] as const;
export const subLayouts = ['', 'layout-2', 'layout-3'] as const;
export const layoutTypes = ['menu-dark', 'menu-light'] as const;
export const navBackColors = [
  'navbar-default',
  'navbar-dark',
  'navbar-blue',
  'navbar-red',
  'navbar-purple',
  'navbar-lightblue',
  '',
] as const;
export const navBrandColors = ['brand-default', 'brand-dark', 'brand-blue', 'brand-red', 'brand-purple', 'brand-lightblue', ''] as const;
export const headerBackColors = ['', 'header-blue', 'header-red', 'header-purple', 'header-lightblue', 'header-dark'] as const;
export const navBackImages = ['navbar-image-1', 'navbar-image-2', 'navbar-image-3'] as const;
export const navListIcons = ['style1', 'style2', 'style3', 'style4', 'style5', 'style6'] as const;
export const navDropdownIcons = ['style1', 'style2', 'style3'] as const;
export const navActiveListColors = [
  'active-default',
  'active-blue',
  'active-red',
  'active-purple',
  'active-lightblue',
  'active-dark',
] as const;
export const navListTitleColors = ['title-default', 'title-blue', 'title-red', 'title-purple', 'title-lightblue', 'title-dark'] as const;
export const layout6Backgrounds = [
  'linear-gradient(to right, #A445B2 0%, #D41872 52%, #FF0066 100%)',
  'linear-gradient(to right, #0f2027 0%, #203a43 50%, #2c5364 100%)',
  'linear-gradient(to right, #11998e 0%, #38ef7d 100%)',
  'linear-gradient(to right, #1d2b64 0%, #f8cdda 100%)',
] as const;
export const layout6BackSizes = ['', 'auto', 'cover'] as const;

type Of<T extends readonly unknown[]> = T[number];

export interface LayoutSettings {
  layout: Of<typeof layouts>;
  subLayout: Of<typeof subLayouts>;
  collapseMenu: boolean;
  layoutType: Of<typeof layoutTypes>;
  navIconColor: boolean;
  navBackColor: Of<typeof navBackColors>;
  navBrandColor: Of<typeof navBrandColors>;
  /** The spec calls this a boolean: `false` means no image, otherwise the image's name. */
  navBackImage: false | Of<typeof navBackImages>;
  rtlLayout: boolean;
  navFixedLayout: boolean;
  headerFixedLayout: boolean;
  boxLayout: boolean;
  navListIcon: Of<typeof navListIcons>;
  navActiveListColor: Of<typeof navActiveListColors>;
  navListTitleColor: Of<typeof navListTitleColors>;
  navListTitleHide: boolean;
  configBlock: boolean;
  layout6Background: Of<typeof layout6Backgrounds>;
  layout6BackSize: Of<typeof layout6BackSizes>;
  headerBackColor: Of<typeof headerBackColors>;
  navDropdownIcon: Of<typeof navDropdownIcons>;
  /** Menu ids marked active. */
  isOpen: string[];
  /** Menu ids expanded. */
  isTrigger: string[];
}

export const defaultLayoutSettings: LayoutSettings = {
  layout: 'vertical',
  subLayout: '',
  collapseMenu: false,
  layoutType: 'menu-dark',
  navIconColor: false,
  navBackColor: 'navbar-dark',
  navBrandColor: 'brand-dark',
  navBackImage: false,
  rtlLayout: false,
  navFixedLayout: true,
  headerFixedLayout: false,
  boxLayout: false,
  navListIcon: 'style1',
  navActiveListColor: 'active-default',
  navListTitleColor: 'title-default',
  navListTitleHide: true,
  configBlock: false,
  layout6Background: layout6Backgrounds[0],
  layout6BackSize: '',
  headerBackColor: '',
  navDropdownIcon: 'style1',
  isOpen: [],
  isTrigger: [],
};

/** Settings that describe how the shell looks, as opposed to which menu is open right now. */
export type AppearanceSettings = Omit<LayoutSettings, 'isOpen' | 'isTrigger' | 'configBlock'>;

const { isOpen: _isOpen, isTrigger: _isTrigger, configBlock: _configBlock, ...defaultAppearance } = defaultLayoutSettings;

/** The appearance keys, from the one defaults object so a new setting is never forgotten. */
export const appearanceKeys = Object.keys(defaultAppearance) as (keyof AppearanceSettings)[];

/**
 * Just the appearance keys. Picked one by one rather than spread: the stored state also holds
 * redux-persist's `_persist`, which must not reach the copied JSON or the server.
 */
export function appearanceOf(settings: LayoutSettings): AppearanceSettings {
  return Object.fromEntries(appearanceKeys.map((key) => [key, settings[key]])) as AppearanceSettings;
}

export function appearanceChanged(before: LayoutSettings, after: LayoutSettings): boolean {
  return appearanceKeys.some((key) => before[key] !== after[key]);
}

/** What "apply settings" may change: any subset of the appearance settings. */
export type AppearancePatch = Partial<AppearanceSettings>;
