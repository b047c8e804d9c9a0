import { useEffect, useRef, type RefObject } from 'react';
import { Gear, List } from 'react-bootstrap-icons';
import { useLocation } from 'react-router-dom';
import { trackNavigationBarOpened } from '../../analytics/trackEvents';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { LoadingSpinner } from '../progress/LoadingIndicator';
import { layoutActions, selectLayout } from '../layoutSlice';
import { HelpLauncher } from '../assistant/HelpLauncher';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  menuOpen: boolean;
  /** The menu button, so focus can come back to it when the menu overlay closes. */
  menuButtonRef?: RefObject<HTMLButtonElement>;
}

export function Header({ menuOpen, menuButtonRef }: HeaderProps) {
  const dispatch = useAppDispatch();
  const { configBlock } = useAppSelector(selectLayout);
  const { pathname } = useLocation();
  // The settings panel is unmounted when it closes; focus goes back to the button that opened it.
  const settingsButtonRef = useRef<HTMLButtonElement>(null);
  const panelWasOpen = useRef(configBlock);
  useEffect(() => {
    if (panelWasOpen.current && !configBlock) settingsButtonRef.current?.focus();
    panelWasOpen.current = configBlock;
  }, [configBlock]);
  const toggleMenu = () => {
    if (!menuOpen) trackNavigationBarOpened(pathname);
    dispatch(layoutActions.collapseMenu());
  };
  return (
    <header className="dw-header">
      <button
        ref={menuButtonRef}
        type="button"
        className="dw-header-button"
        aria-label={menuOpen ? 'Collapse menu' : 'Expand menu'}
        aria-expanded={menuOpen}
        onClick={toggleMenu}
      >
        <List size={22} aria-hidden />
      </button>
      <span className="dw-header-brand">Dataworks</span>
      <div className="dw-header-end">
        <button
          ref={settingsButtonRef}
          type="button"
          className="dw-header-button"
          aria-label="Layout settings"
          aria-expanded={configBlock}
          onClick={() => dispatch(layoutActions.toggleConfigBlock())}
        >
          <Gear size={18} aria-hidden />
        </button>
        <HelpLauncher />
        <NotificationBell />
        <UserMenu />
        <LoadingSpinner />
      </div>
    </header>
  );
}
