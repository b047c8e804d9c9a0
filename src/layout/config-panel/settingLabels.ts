// What people read in the settings panel for each stored value. The stored values keep the
// names the layout settings store ("navbar-lightblue", "style1"); nobody should have to read those.
import type {
  headerBackColors,
  layout6BackSizes,
  layout6Backgrounds,
  layouts,
  layoutTypes,
  navActiveListColors,
  navBackColors,
  navBackImages,
  navBrandColors,
  navDropdownIcons,
  navListIcons,
  navListTitleColors,
  subLayouts,
} from '@common/layout/layoutSettings';

type Labels<T extends readonly string[]> = Record<T[number], string>;

export const layoutLabels: Labels<typeof layouts> = {
  vertical: 'Menu at the side',
  horizontal: 'Menu across the top',
  'layout-6': 'Menu at the side, gradient background',
};

export const subLayoutLabels: Labels<typeof subLayouts> = {
  '': 'Standard',
  'layout-2': 'Header in the menu colour',
  'layout-3': 'Menu with a coloured edge',
};

export const layoutTypeLabels: Labels<typeof layoutTypes> = {
  'menu-dark': 'Dark menu',
  'menu-light': 'Light menu',
};

export const navBackColorLabels: Labels<typeof navBackColors> = {
  'navbar-default': 'Slate',
  'navbar-dark': 'Dark',
  'navbar-blue': 'Blue',
  'navbar-red': 'Red',
  'navbar-purple': 'Purple',
  'navbar-lightblue': 'Teal',
  '': 'None',
};

export const navBrandColorLabels: Labels<typeof navBrandColors> = {
  'brand-default': 'Slate',
  'brand-dark': 'Dark',
  'brand-blue': 'Blue',
  'brand-red': 'Red',
  'brand-purple': 'Purple',
  'brand-lightblue': 'Teal',
  '': 'None',
};

export const headerBackColorLabels: Labels<typeof headerBackColors> = {
  '': 'White',
  'header-blue': 'Blue',
  'header-red': 'Red',
  'header-purple': 'Purple',
  'header-lightblue': 'Teal',
  'header-dark': 'Dark',
};

export const navBackImageLabels: Labels<readonly ['', ...typeof navBackImages]> = {
  '': 'None',
  'navbar-image-1': 'Night blue',
  'navbar-image-2': 'Forest green',
  'navbar-image-3': 'Plum',
};

export const navActiveListColorLabels: Labels<typeof navActiveListColors> = {
  'active-default': 'Standard blue',
  'active-blue': 'Light blue',
  'active-red': 'Red',
  'active-purple': 'Purple',
  'active-lightblue': 'Cyan',
  'active-dark': 'Grey',
};

export const navListTitleColorLabels: Labels<typeof navListTitleColors> = {
  'title-default': 'Standard grey',
  'title-blue': 'Blue',
  'title-red': 'Red',
  'title-purple': 'Purple',
  'title-lightblue': 'Cyan',
  'title-dark': 'Dark grey',
};

/** The marker in front of sub-menu entries (shell.css draws them). */
export const navListIconLabels: Labels<typeof navListIcons> = {
  style1: 'No marker',
  style2: 'Dash',
  style3: 'Chevron',
  style4: 'Bullet',
  style5: 'Circle',
  style6: 'Arrow',
};

export const navDropdownIconLabels: Labels<typeof navDropdownIcons> = {
  style1: 'Arrow pointing down',
  style2: 'Arrow pointing sideways',
  style3: 'Faint arrow',
};

export const layout6BackgroundLabels: Labels<typeof layout6Backgrounds> = {
  'linear-gradient(to right, #A445B2 0%, #D41872 52%, #FF0066 100%)': 'Purple to pink',
  'linear-gradient(to right, #0f2027 0%, #203a43 50%, #2c5364 100%)': 'Deep sea',
  'linear-gradient(to right, #11998e 0%, #38ef7d 100%)': 'Green',
  'linear-gradient(to right, #1d2b64 0%, #f8cdda 100%)': 'Navy to rose',
};

export const layout6BackSizeLabels: Labels<typeof layout6BackSizes> = {
  '': 'Standard',
  auto: 'Natural size',
  cover: 'Fill the window',
};
