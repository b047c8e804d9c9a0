import { useEffect, useRef } from 'react';
import { XLg } from 'react-bootstrap-icons';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { menuPathTo } from '../../menu/filterMenu';
import type { MenuItem } from '../../menu/menuTypes';
import { layoutActions, selectLayout } from '../layoutSlice';
import { NavCollapse } from './NavCollapse';
import { NavItem } from './NavItem';

interface NavigationProps {
  menu: MenuItem | null;
  /** The menu's data is still loading: a spinner stands in for it. */
  loading: boolean;
  horizontal: boolean;
  mobile: boolean;
  onNavigate: (item: MenuItem) => void;
  /** Set while the menu is open over the page (under 992 px): it then has a close button. */
  onClose?: () => void;
}

export function Navigation({ menu, loading, horizontal, mobile, onNavigate, onClose }: NavigationProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const overlay = onClose !== undefined;
  // Opening the overlay moves focus into it, to its close button.
  useEffect(() => {
    if (overlay) closeRef.current?.focus();
  }, [overlay]);

  const dispatch = useAppDispatch();
  const { isTrigger, navListTitleHide } = useAppSelector(selectLayout);
  const { pathname } = useLocation();

  // Open the section that holds the current page, unless the user already has it open.
  useEffect(() => {
    if (!menu || loading || horizontal) return;
    const path = menuPathTo(menu, pathname);
    if (path && path.length > 0 && !path.every((id) => isTrigger.includes(id))) {
      dispatch(layoutActions.openMenuPath(path));
    }
    // Only a change of page should re-open sections; the user's own toggles must stick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menu, loading, pathname, horizontal]);

  return (
    <nav
      className="dw-nav"
      aria-label="Main"
      onMouseLeave={horizontal && !mobile ? () => dispatch(layoutActions.leaveNavContent()) : undefined}
    >
      <div className="dw-nav-brand">
        <span className="dw-nav-brand-mark" aria-hidden>
          D
        </span>
        <span className="dw-nav-brand-name">Dataworks</span>
        {onClose ? (
          <button ref={closeRef} type="button" className="dw-nav-close" aria-label="Close menu" onClick={onClose}>
            <XLg size={18} aria-hidden />
          </button>
        ) : null}
      </div>
      {loading ? (
        <div className="dw-nav-content">
          <span className="spinner-border spinner-border-sm dw-nav-spinner" role="status" aria-label="Loading menu" />
        </div>
      ) : menu ? (
        <div className="dw-nav-content">
          <p className={`dw-nav-caption${navListTitleHide ? ' visually-hidden' : ''}`} id="dw-nav-caption">
            {menu.title}
          </p>
          <ul className="dw-nav-list list-unstyled" aria-labelledby="dw-nav-caption">
            {(menu.children ?? []).map((item) =>
              item.type === 'collapse' ? (
                <NavCollapse key={item.id} item={item} nested={false} onNavigate={onNavigate} />
              ) : (
                <NavItem key={item.id} item={item} onNavigate={onNavigate} />
              ),
            )}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
