// Someone else's layout said in words: each setting that differs from the defaults, by the name
// the settings panel gives it and the value as the panel shows it ("Right-to-left: on"), so
// support staff can read a requester's layout without reading its stored JSON.
import { defaultLayoutSettings, type AppearancePatch, type AppearanceSettings } from '@common/layout/layoutSettings';
import {
  headerBackColorLabels,
  layout6BackgroundLabels,
  layout6BackSizeLabels,
  layoutLabels,
  layoutTypeLabels,
  navActiveListColorLabels,
  navBackColorLabels,
  navBackImageLabels,
  navBrandColorLabels,
  navDropdownIconLabels,
  navListIconLabels,
  navListTitleColorLabels,
  subLayoutLabels,
} from '../config-panel/settingLabels';

/** The settings panel's name of each setting. */
export const settingNames: Record<keyof AppearanceSettings, string> = {
  layout: 'Layout',
  subLayout: 'Sub-layout',
  layoutType: 'Menu style',
  collapseMenu: 'Collapse menu',
  boxLayout: 'Box layout',
  rtlLayout: 'Right-to-left',
  navFixedLayout: 'Fixed navigation',
  headerFixedLayout: 'Fixed header',
  headerBackColor: 'Header colour',
  navBackColor: 'Menu colour',
  navBrandColor: 'Brand colour',
  navBackImage: 'Menu background image',
  navActiveListColor: 'Active item colour',
  navListTitleColor: 'Menu caption colour',
  navIconColor: 'Coloured menu icons',
  navListTitleHide: 'Hide menu caption',
  navListIcon: 'List icon',
  navDropdownIcon: 'Dropdown icon',
  layout6Background: 'Background',
  layout6BackSize: 'Background size',
};

const valueLabels: Partial<Record<keyof AppearanceSettings, Record<string, string>>> = {
  layout: layoutLabels,
  subLayout: subLayoutLabels,
  layoutType: layoutTypeLabels,
  headerBackColor: headerBackColorLabels,
  navBackColor: navBackColorLabels,
  navBrandColor: navBrandColorLabels,
  navBackImage: navBackImageLabels,
  navActiveListColor: navActiveListColorLabels,
  navListTitleColor: navListTitleColorLabels,
  navListIcon: navListIconLabels,
  navDropdownIcon: navDropdownIconLabels,
  layout6Background: layout6BackgroundLabels,
  layout6BackSize: layout6BackSizeLabels,
};

function valueText(key: keyof AppearanceSettings, value: unknown): string {
  if (typeof value === 'boolean' && key !== 'navBackImage') return value ? 'on' : 'off';
  const stored = value === false ? '' : String(value);
  return valueLabels[key]?.[stored] ?? stored;
}

export interface SettingDifference {
  key: keyof AppearanceSettings;
  name: string;
  value: string;
  defaultValue: string;
}

/** The settings of a (checked) patch that differ from the defaults, in the panel's order. */
export function differencesFromDefaults(patch: AppearancePatch): SettingDifference[] {
  return (Object.keys(settingNames) as (keyof AppearanceSettings)[])
    .filter((key) => key in patch && patch[key] !== undefined && patch[key] !== defaultLayoutSettings[key])
    .map((key) => ({
      key,
      name: settingNames[key],
      value: valueText(key, patch[key]),
      defaultValue: valueText(key, defaultLayoutSettings[key]),
    }));
}
