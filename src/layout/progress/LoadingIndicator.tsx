import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router-dom';
import { finishLoading, loadingPhase, startLoading, subscribeLoading } from '../../components/progress/progressTracker';

/** Feeds route navigation into the shared loading counter. */
export function NavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') return undefined;
    startLoading();
    return finishLoading;
  }, [state]);
  return null;
}

/**
 * The small spinner at the top right, shown while anything is loading. Its live region says
 * when loading starts and when it has finished, for those who cannot see the bar or spinner.
 */
export function LoadingSpinner() {
  const phase = useSyncExternalStore(subscribeLoading, loadingPhase);
  const busy = phase === 'loading';
  const announcement = { idle: '', loading: 'Loading…', finished: 'Finished loading' }[phase];
  return (
    <div className="dw-top-spinner" role="status" aria-live="polite">
      {busy ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : null}
      <span className="visually-hidden">{announcement}</span>
    </div>
  );
}
