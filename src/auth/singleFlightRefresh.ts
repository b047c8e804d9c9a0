// At most one token refresh at a time in this tab. Concurrent refreshes would send the same
// refresh token twice; an identity server that revokes refresh tokens on use (Keycloak's
// "Revoke Refresh Token") then sees a reuse and ends the session. keycloak-js queues concurrent
// calls itself today, but only as an implementation detail, so the app does not rely on it.

export type UpdateToken = (minValiditySeconds: number) => Promise<boolean>;

interface Flight {
  minValidity: number;
  promise: Promise<boolean>;
}

/**
 * Whether the refresh running for `running` also gives a caller asking for `wanted` what it
 * needs. A negative value forces a refresh; a larger one asks for a longer remaining lifetime.
 */
function covers(running: number, wanted: number): boolean {
  if (running < 0) return true;
  return wanted >= 0 && running >= wanted;
}

/** Wraps `updateToken(minValidity)` so that callers share the refresh in flight. */
export function singleFlightRefresh(update: UpdateToken): UpdateToken {
  let inFlight: Flight | undefined;

  function start(minValidity: number): Promise<boolean> {
    // The executor runs at once; a synchronous throw becomes a rejection like any other.
    const promise = new Promise<boolean>((resolve) => resolve(update(minValidity)));
    const flight: Flight = { minValidity, promise };
    inFlight = flight;
    const land = () => {
      if (inFlight === flight) inFlight = undefined;
    };
    // Registered before any caller's handler, so the flight has landed when callers resume.
    promise.then(land, land);
    return promise;
  }

  return function updateToken(minValidity: number): Promise<boolean> {
    const running = inFlight;
    if (!running) return start(minValidity);
    if (covers(running.minValidity, minValidity)) return running.promise;
    // A stronger request (a forced refresh after a 401) waits for the one in flight; when that
    // one renewed the token the caller has what it asked for, otherwise it asks again.
    return running.promise.then((refreshed) => (refreshed ? true : updateToken(minValidity)));
  };
}
