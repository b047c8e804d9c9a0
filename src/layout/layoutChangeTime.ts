// When this browser's layout last changed, and for whom: at sign-in it decides which copy is
// newer, this browser's or the server's (useRestoreSavedLayout.ts). A change made just before a
// reload may not have reached the server yet (saves wait a second); the local copy then wins and
// is sent. Another user's change on this browser never counts as this user's.

const KEY = 'dataworks-layout-changed';

export interface LayoutChange {
  subject: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export function recordLayoutChange(change: LayoutChange): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(change));
  } catch {
    // Storage full or blocked: the server's copy simply wins at the next sign-in.
  }
}

export function lastLayoutChange(subject: string): number | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { subject: who, at } = stored as Partial<LayoutChange>;
    return who === subject && typeof at === 'number' && Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}
