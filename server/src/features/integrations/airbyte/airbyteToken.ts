// The access token of the Airbyte client: fetched by client credentials, reused until shortly
// before it expires (Airbyte's tokens live minutes: 3 in Airbyte's API reference, 15 in its newer
// docs), fetched again at once when Airbyte refuses it. Requests that need a token at the same
// moment share one token request.

export interface IssuedToken {
  accessToken: string;
  /** Lifetime Airbyte gave it, in seconds. */
  expiresIn: number;
}

/** A token is dropped this long before Airbyte says it expires (a quarter of its life if shorter), so a request never sets out with one about to lapse. */
export const TOKEN_RENEWAL_MARGIN_MS = 30_000;

export interface TokenCache {
  /** A token that is still good, fetching one if needed. */
  get(): Promise<string>;
  /** Forgets `token` after Airbyte refused it (a newer token already cached is kept). */
  drop(token: string): void;
  /** The tokens this cache has held lately, to be kept out of error messages. */
  recent(): string[];
}

export function createTokenCache(fetchToken: () => Promise<IssuedToken>, now: () => number): TokenCache {
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const seen: string[] = [];

  async function fetchAndKeep(): Promise<string> {
    const askedAt = now();
    const issued = await fetchToken();
    const lifetimeMs = issued.expiresIn * 1000;
    cached = { token: issued.accessToken, renewAt: askedAt + lifetimeMs - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 4) };
    seen.unshift(issued.accessToken);
    seen.length = Math.min(seen.length, 3);
    return issued.accessToken;
  }

  return {
    get() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      pending ??= fetchAndKeep().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    drop(token) {
      if (cached?.token === token) cached = undefined;
    },
    recent: () => [...seen],
  };
}
