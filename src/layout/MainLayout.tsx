// The signed-in shell: navigation, header, breadcrumbs, the page, and the settings panel.
import { lazy, Suspense, useCallback, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { trackMenuItemClicked } from '../analytics/trackEvents';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { useMenu, useMenuLoading } from '../menu/useMenu';
import type { MenuItem } from '../menu/menuTypes';
import { ArrivalNoticeAlert } from './ArrivalNoticeAlert';
import { Breadcrumbs } from './Breadcrumbs';
import { LayoutPreviewBanner } from './preview/LayoutPreviewBanner';
import { Header } from './header/Header';
import { layoutActions, selectLayout } from './layoutSlice';
import { Navigation } from './navigation/Navigation';
import { useMobileMenu } from './navigation/useMobileMenu';
import { useFocusWrap } from './useFocusWrap';
import { useLayoutDom } from './useLayoutDom';
import { useViewport } from './useViewport';

// The panel is only needed once someone opens it.
const ConfigPanel = lazy(() => import(/* webpackChunkName: "layout-settings" */ './config-panel/ConfigPanel'));

export default function MainLayout() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectLayout);
  const { mobile, compact } = useViewport();
  const menu = useMenu();
  const menuLoading = useMenuLoading();
  useLayoutDom(settings, compact);
  useFocusWrap();
  const toggleMenu = useCallback(() => dispatch(layoutActions.collapseMenu()), [dispatch]);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const behindMenuRef = useRef<HTMLDivElement>(null);
  const closeMobileMenu = useMobileMenu({
    mobile,
    collapseMenu: settings.collapseMenu,
    toggleMenu,
    toggleRef: menuButtonRef,
    behindRef: behindMenuRef,
  });
  const mobileMenuOpen = mobile && settings.collapseMenu;

  // Horizontal menus do not fit under 992 px: fall back to vertical there.
  const horizontal = settings.layout === 'horizontal' && !mobile;
  // collapseMenu means "opened" on mobile and "collapsed to icons" on wider screens.
  const menuOpen = mobile ? settings.collapseMenu : !settings.collapseMenu;

  const onNavigate = (item: MenuItem) => {
    if (item.url) trackMenuItemClicked(item.title, item.url);
    if (mobile && settings.collapseMenu) dispatch(layoutActions.collapseMenu());
    if (horizontal && item.type === 'item') dispatch(layoutActions.leaveNavContent());
  };

  const classes = [
    'dw-shell',
    horizontal ? 'dw-horizontal' : 'dw-vertical',
    settings.subLayout ? `dw-${settings.subLayout}` : '',
    settings.layout === 'layout-6' ? 'dw-layout-6' : '',
    mobile ? 'dw-mobile' : '',
    mobile && settings.collapseMenu ? 'dw-menu-open' : '',
    !mobile && settings.collapseMenu ? 'dw-menu-collapsed' : '',
    settings.layoutType,
    settings.navBackColor,
    settings.navBrandColor,
    settings.navBackImage || '',
    settings.navIconColor ? 'dw-icon-colored' : '',
    `dw-icon-${settings.navListIcon}`,
    `dw-dropdown-${settings.navDropdownIcon}`,
    settings.navActiveListColor,
    settings.navListTitleColor,
    settings.headerBackColor,
    settings.navFixedLayout ? 'dw-nav-fixed' : '',
    settings.headerFixedLayout ? 'dw-header-fixed' : '',
  ].filter(Boolean);

  return (
    <div className={classes.join(' ')}>
      <a href="#main-content" className="dw-skip-link">
        Skip to content
      </a>
      <Navigation
        menu={menu}
        loading={menuLoading}
        horizontal={horizontal}
        mobile={mobile}
        onNavigate={onNavigate}
        onClose={mobileMenuOpen ? closeMobileMenu : undefined}
      />
      {mobileMenuOpen ? (
        // The close button inside the menu is the keyboard's way out; the backdrop is for pointers.
        <div className="dw-nav-backdrop" aria-hidden="true" onClick={closeMobileMenu} />
      ) : null}
      <div className="dw-main" ref={behindMenuRef}>
        <Header menuOpen={menuOpen} menuButtonRef={menuButtonRef} />
        <main id="main-content" className="dw-content" tabIndex={-1}>
          <Breadcrumbs menu={menu} />
          <LayoutPreviewBanner />
          <ArrivalNoticeAlert />
          <Outlet />
        </main>
      </div>
      {settings.configBlock ? (
        <Suspense fallback={null}>
          <ConfigPanel />
        </Suspense>
      ) : null}
    </div>
  );
}
