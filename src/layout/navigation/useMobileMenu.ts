// The menu below 992 px is an overlay: while it is open the page behind it is inert, Escape or
// its close button closes it and focus returns to the button that opened it.
import { useEffect, useRef, type RefObject } from 'react';

interface MobileMenuParts {
  mobile: boolean;
  collapseMenu: boolean;
  toggleMenu: () => void;
  /** The header button that opens and closes the menu. */
  toggleRef: RefObject<HTMLButtonElement>;
  /** The page behind the menu (header and content). */
  behindRef: RefObject<HTMLDivElement>;
}

/** Returns what closes the menu and gives focus back to the header button. */
export function useMobileMenu({ mobile, collapseMenu, toggleMenu, toggleRef, behindRef }: MobileMenuParts): () => void {
  const open = mobile && collapseMenu;

  // The page behind is inert until the next render, and an inert button cannot take focus.
  const focusToggle = () => {
    behindRef.current?.removeAttribute('inert');
    toggleRef.current?.focus();
  };

  const close = () => {
    toggleMenu();
    focusToggle();
  };

  // collapseMenu means "opened" below 992 px and "shrunk to icons" above. Carried across the
  // breakpoint, a menu opened on a narrow window would come back shrunk on a wide one (and a
  // shrunk one would open over the page): crossing it starts from the plain menu instead.
  const wasMobile = useRef(mobile);
  useEffect(() => {
    if (wasMobile.current === mobile) return;
    wasMobile.current = mobile;
    if (collapseMenu) toggleMenu();
    // Only crossing the breakpoint matters here, not later toggles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mobile]);

  useEffect(() => {
    const behind = behindRef.current;
    if (!open || !behind) return undefined;
    behind.setAttribute('inert', '');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      toggleMenu();
      behindRef.current?.removeAttribute('inert');
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      behind.removeAttribute('inert');
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, toggleMenu, toggleRef, behindRef]);

  return close;
}
