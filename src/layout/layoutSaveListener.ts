// Saves the signed-in user's layout appearance to the server after they change it, so
// support staff can see what they see (docs/shell-rules.md, "Roles, editions and the access table"). Changes are debounced: only the
// last one of a burst is sent. A failed save is logged; the user keeps working undisturbed.
import { mutationOutcome } from '../api/useMutationFeedback';
import type { AppStartListening } from '../state/rootState';
import { layoutSettingsApi } from '../api/layoutSettingsApi';
import { recordLayoutChange } from './layoutChangeTime';
import { layoutActions } from './layoutSlice';
import { appearanceChanged, appearanceOf } from '@common/layout/layoutSettings';

export const LAYOUT_SAVE_DELAY_MS = 1000;

export function listenForLayoutChanges(startListening: AppStartListening, delayMs = LAYOUT_SAVE_DELAY_MS) {
  return startListening({
    predicate: (action, current, previous) =>
      action.type.startsWith('layout/') &&
      !layoutActions.restoreSavedSettings.match(action) &&
      // A preview of someone else's layout is never saved as the user's own.
      current.layoutPreview === null &&
      previous.layoutPreview === null &&
      current.auth.status === 'authenticated' &&
      appearanceChanged(previous.layout, current.layout),
    effect: async (_action, { cancelActiveListeners, delay, dispatch, getState }) => {
      const subject = getState().auth.session?.tokenParsed.sub;
      if (subject) recordLayoutChange({ subject, at: Date.now() });
      // A newer change cancels the wait of the previous one: last one wins.
      cancelActiveListeners();
      await delay(delayMs);
      const state = getState();
      if (state.auth.status !== 'authenticated') return;
      const request = dispatch(layoutSettingsApi.endpoints.saveMyLayoutSettings.initiate(appearanceOf(state.layout)));
      const result = await request;
      // Nobody reads the outcome from the cache; drop it rather than keep one entry per save.
      request.reset();
      const outcome = mutationOutcome(result);
      if (!outcome.ok) console.error('[layout] settings could not be saved', outcome.error);
    },
  });
}
