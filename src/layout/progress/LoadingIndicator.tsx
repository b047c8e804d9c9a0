import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router-dom';
import { finishLoading, isLoading, startLoading, subscribeLoading } from './progressTracker';

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

/** The small spinner at the top right, shown while anything is loading. */
export function LoadingSpinner() {
  const busy = useSyncExternalStore(subscribeLoading, isLoading);
  return (
    <div className="dw-top-spinner" role="status" aria-live="polite">
      {busy ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : null}
      <span className="visually-hidden">{busy ? 'Loading' : ''}</span>
    </div>
  );
}
