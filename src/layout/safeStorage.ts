// A localStorage wrapper for redux-persist that refuses stored text it cannot parse.
// redux-persist would otherwise drop a corrupt value silently; we log once and start fresh.
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';

const local = createWebStorage('local');

function parsesAsPersistedJson(text: string): boolean {
  try {
    const outer: unknown = JSON.parse(text);
    if (typeof outer !== 'object' || outer === null || Array.isArray(outer)) return false;
    // redux-persist stores each key as its own JSON string inside the outer object.
    return Object.values(outer).every((inner) => typeof inner === 'string' && (JSON.parse(inner), true));
  } catch {
    return false;
  }
}

export const safeStorage = {
  async getItem(key: string): Promise<string | null> {
    const text = await local.getItem(key);
    if (text == null || parsesAsPersistedJson(text)) return text;
    console.warn(`Stored layout settings under "${key}" could not be read and were reset.`);
    await local.removeItem(key);
    return null;
  },
  setItem: (key: string, value: string) => local.setItem(key, value),
  removeItem: (key: string) => local.removeItem(key),
};

/**
 * Small JSON values the portal keeps for itself (not through redux-persist). Storage may be
 * missing, full or refused (private windows, quotas): reads then give null, writes are dropped.
 */
export function readStoredJson(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text == null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not store "${key}"`, error);
  }
}
