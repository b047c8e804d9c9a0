// Keeps Tab inside whatever is open over the page: a dialog, the settings panel, or the menu
// opened over a narrow window. The dialogs' own focus guard only pulls focus back after it has
// left, so Tab from the last control would first reach the browser or the page behind.
import { useEffect } from 'react';

const OVERLAYS = '.modal.show, .offcanvas.show, .dw-mobile.dw-menu-open .dw-nav';
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

const shown = (element: HTMLElement) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

/** Focusable controls of the topmost overlay, in Tab order (no positive tabindex here). */
function topOverlayControls(): { overlay: HTMLElement; controls: HTMLElement[] } | null {
  const overlays = [...document.querySelectorAll<HTMLElement>(OVERLAYS)];
  const overlay = overlays[overlays.length - 1];
  if (!overlay) return null;
  return { overlay, controls: [...overlay.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shown) };
}

export function useFocusWrap(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const top = topOverlayControls();
      if (!top || top.controls.length === 0) return;
      const { controls } = top;
      const first = controls[0]!;
      const last = controls[controls.length - 1]!;
      const index = controls.indexOf(document.activeElement as HTMLElement);
      const target =
        index === -1
          ? event.shiftKey
            ? last
            : first
          : event.shiftKey && index === 0
            ? last
            : !event.shiftKey && index === controls.length - 1
              ? first
              : null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
