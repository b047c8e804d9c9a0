// The layout settings panel (opened by `configBlock`): every setting of the page shell.
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import {
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
import { layoutActions as actions, selectLayout } from '../layoutSlice';
import { SelectSetting, SwitchSetting } from './SettingControls';
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
} from './settingLabels';
import { SettingsTransfer } from './SettingsTransfer';
import { settingNames } from '../preview/settingDescriptions';

const NO_IMAGE = '' as const;

export default function ConfigPanel() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectLayout);

  return (
    <Offcanvas show placement="end" onHide={() => dispatch(actions.toggleConfigBlock())} aria-labelledby="dw-config-title">
      <Offcanvas.Header closeButton closeLabel="Close layout settings">
        <Offcanvas.Title id="dw-config-title">Layout settings</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <h3 className="h6">Layout</h3>
        <SelectSetting
          id="dw-layout"
          label={settingNames.layout}
          value={s.layout}
          options={layouts}
          labels={layoutLabels}
          onChange={(v) => dispatch(actions.changeLayout(v))}
        />
        <SelectSetting
          id="dw-sub-layout"
          label={settingNames.subLayout}
          value={s.subLayout}
          options={subLayouts}
          labels={subLayoutLabels}
          onChange={(v) => dispatch(actions.changeSubLayout(v))}
        />
        <SelectSetting
          id="dw-layout-type"
          label={settingNames.layoutType}
          value={s.layoutType}
          options={layoutTypes}
          labels={layoutTypeLabels}
          onChange={(v) => dispatch(actions.setLayoutType({ layoutType: v }))}
        />
        <SwitchSetting
          id="dw-collapse-menu"
          label={settingNames.collapseMenu}
          checked={s.collapseMenu}
          onToggle={() => dispatch(actions.collapseMenu())}
        />
        <SwitchSetting
          id="dw-box-layout"
          label={settingNames.boxLayout}
          checked={s.boxLayout}
          onToggle={() => dispatch(actions.toggleBoxLayout())}
        />
        <SwitchSetting
          id="dw-rtl"
          label={settingNames.rtlLayout}
          checked={s.rtlLayout}
          onToggle={() => dispatch(actions.toggleRtlLayout())}
        />
        <SwitchSetting
          id="dw-nav-fixed"
          label={settingNames.navFixedLayout}
          checked={s.navFixedLayout}
          onToggle={() => dispatch(actions.toggleNavFixedLayout())}
        />
        <SwitchSetting
          id="dw-header-fixed"
          label={settingNames.headerFixedLayout}
          checked={s.headerFixedLayout}
          onToggle={() => dispatch(actions.toggleHeaderFixedLayout())}
        />

        <h3 className="h6 mt-3">Colours</h3>
        <SelectSetting
          id="dw-header-color"
          label={settingNames.headerBackColor}
          value={s.headerBackColor}
          options={headerBackColors}
          labels={headerBackColorLabels}
          onChange={(v) => dispatch(actions.setHeaderBackColor(v))}
        />
        <SelectSetting
          id="dw-nav-color"
          label={settingNames.navBackColor}
          value={s.navBackColor}
          options={navBackColors}
          labels={navBackColorLabels}
          onChange={(v) => dispatch(actions.setNavBackColor(v))}
        />
        <SelectSetting
          id="dw-brand-color"
          label={settingNames.navBrandColor}
          value={s.navBrandColor}
          options={navBrandColors}
          labels={navBrandColorLabels}
          onChange={(v) => dispatch(actions.setNavBrandColor(v))}
        />
        <SelectSetting
          id="dw-nav-image"
          label={settingNames.navBackImage}
          value={s.navBackImage || NO_IMAGE}
          options={[NO_IMAGE, ...navBackImages]}
          labels={navBackImageLabels}
          onChange={(v) => dispatch(actions.setNavBackImage(v === NO_IMAGE ? false : v))}
        />
        <SelectSetting
          id="dw-active-color"
          label={settingNames.navActiveListColor}
          value={s.navActiveListColor}
          options={navActiveListColors}
          labels={navActiveListColorLabels}
          onChange={(v) => dispatch(actions.setNavActiveListColor(v))}
        />
        <SelectSetting
          id="dw-title-color"
          label={settingNames.navListTitleColor}
          value={s.navListTitleColor}
          options={navListTitleColors}
          labels={navListTitleColorLabels}
          onChange={(v) => dispatch(actions.setNavListTitleColor(v))}
        />
        <SwitchSetting
          id="dw-icon-color"
          label={settingNames.navIconColor}
          checked={s.navIconColor}
          onToggle={() => dispatch(actions.toggleNavIconColor())}
        />
        <SwitchSetting
          id="dw-title-hide"
          label={settingNames.navListTitleHide}
          checked={s.navListTitleHide}
          onToggle={() => dispatch(actions.toggleNavListTitleHide())}
        />

        <h3 className="h6 mt-3">Menu icons</h3>
        <SelectSetting
          id="dw-list-icon"
          label={settingNames.navListIcon}
          value={s.navListIcon}
          options={navListIcons}
          labels={navListIconLabels}
          onChange={(v) => dispatch(actions.setNavListIcon(v))}
        />
        <SelectSetting
          id="dw-dropdown-icon"
          label={settingNames.navDropdownIcon}
          value={s.navDropdownIcon}
          options={navDropdownIcons}
          labels={navDropdownIconLabels}
          onChange={(v) => dispatch(actions.setNavDropdownIcon(v))}
        />

        <h3 className="h6 mt-3">Gradient background (with the gradient layout)</h3>
        <SelectSetting
          id="dw-l6-background"
          label={settingNames.layout6Background}
          value={s.layout6Background}
          options={layout6Backgrounds}
          labels={layout6BackgroundLabels}
          onChange={(v) => dispatch(actions.setLayout6Background({ background: v }))}
        />
        <SelectSetting
          id="dw-l6-size"
          label={settingNames.layout6BackSize}
          value={s.layout6BackSize}
          options={layout6BackSizes}
          labels={layout6BackSizeLabels}
          onChange={(v) => dispatch(actions.setLayout6Background({ background: s.layout6Background, size: v }))}
        />

        <SettingsTransfer />

        <Button variant="outline-danger" size="sm" className="mt-3" onClick={() => dispatch(actions.resetLayout())}>
          Reset to defaults
        </Button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
