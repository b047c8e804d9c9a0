// Loading a screen's chunk. When a chunk fails to load (usually a deploy replaced the files
// the open tab refers to) a cancelable `preload-error` event goes to `window` first; unless
// a listener cancels it, the error is rethrown and the route's error page offers a reload.
import type { ComponentType } from 'react';

export const PRELOAD_ERROR_EVENT = 'preload-error';

type PageModule = { default: ComponentType };

export function lazyPage(importer: () => Promise<PageModule>) {
  return async () => {
    try {
      const module = await importer();
      return { Component: module.default };
    } catch (error) {
      const event = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: error });
      const notCancelled = window.dispatchEvent(event);
      if (notCancelled) throw error;
      // A listener took charge (e.g. it reloads the page); render nothing meanwhile.
      return { Component: () => null };
    }
  };
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message);
}
