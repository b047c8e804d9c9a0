import { useSyncExternalStore } from 'react';
import { COMPACT_BREAKPOINT_PX, MOBILE_BREAKPOINT_PX } from '../config/constants';

function subscribe(callback: () => void) {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

export interface Viewport {
  /** Under 992 px: the menu collapses off-canvas and horizontal falls back to vertical. */
  mobile: boolean;
  /** At or below 1366 px: the compact style. */
  compact: boolean;
}

export function useViewport(): Viewport {
  const width = useSyncExternalStore(subscribe, () => window.innerWidth);
  return { mobile: width < MOBILE_BREAKPOINT_PX, compact: width <= COMPACT_BREAKPOINT_PX };
}
