// How persisted layout settings come back. A value written by an older version is migrated;
// a corrupt or foreign value (hand-edited storage, another app on the same origin) is
// dropped, logged once, and the defaults apply, so the app always starts.
import type { PersistedState } from 'redux-persist';

export const LAYOUT_PERSIST_VERSION = 1;

type Persisted = PersistedState & Record<string, unknown>;

export async function layoutPersistMigrate(state: PersistedState, currentVersion: number): Promise<PersistedState> {
  if (state === undefined) return state;
  const { _persist, ...stored } = state as Persisted;
  const storedVersion = _persist?.version ?? -1;
  if (storedVersion > currentVersion) {
    console.warn(`Stored layout settings come from a newer version (${storedVersion}); using the defaults.`);
    return undefined;
  }
  // Version 1 is the first stored shape; each later version adds its migration step here,
  // before the value is checked against the current schema.
  const { appearancePatchSchema, describeIssues } = await import(/* webpackChunkName: "layout-schema" */ '@common/layout/layoutSchema');
  const parsed = appearancePatchSchema.safeParse(stored);
  if (!parsed.success) {
    console.warn(`Stored layout settings were not valid and were reset: ${describeIssues(parsed.error)}`);
    return undefined;
  }
  return { ...parsed.data, _persist } as PersistedState;
}
