// One counter for everything that is loading: lazy screens and API requests. The bar starts
// on the first and ends once, when the last one finishes, however they overlap.
import NProgress from 'nprogress';
import { PROGRESS } from '../../config/constants';

type Listener = (busy: boolean) => void;

NProgress.configure({
  minimum: PROGRESS.minimum,
  speed: PROGRESS.speed,
  trickleSpeed: PROGRESS.trickleSpeed,
  showSpinner: false, // our own spinner sits in the header's top-right corner
  // nprogress's own template gives the bar role="bar", which is no ARIA role. The bar is
  // decoration; the header's live region says when loading starts and ends.
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

// nprogress trickles towards 1 unless told otherwise; the shell caps it just below (src/config/constants.ts).
function trickle(): void {
  const status = NProgress.status ?? 0;
  if (status < PROGRESS.maximum) NProgress.set(Math.min(status + (PROGRESS.maximum - status) * 0.1, PROGRESS.maximum));
}

let pending = 0;
let finishedOnce = false;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<Listener>();

export function startLoading(): void {
  pending += 1;
  if (pending === 1) {
    NProgress.start();
    timer = setInterval(trickle, PROGRESS.trickleSpeed);
    listeners.forEach((listener) => listener(true));
  }
}

export function finishLoading(): void {
  if (pending === 0) return;
  pending -= 1;
  if (pending === 0) {
    finishedOnce = true;
    clearInterval(timer);
    NProgress.done();
    listeners.forEach((listener) => listener(false));
  }
}

export function isLoading(): boolean {
  return pending > 0;
}

/** 'idle' before anything has loaded, then 'loading' and 'finished' in turn. */
export type LoadingPhase = 'idle' | 'loading' | 'finished';

export function loadingPhase(): LoadingPhase {
  if (pending > 0) return 'loading';
  return finishedOnce ? 'finished' : 'idle';
}

export function subscribeLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
