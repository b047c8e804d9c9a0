// At sign-in, this browser and the server agree on the user's layout: whichever copy changed
// last wins. The server keeps every change (layoutSaveListener.ts), so a browser that never saw
// this user (or saw an older layout) takes the server's; a change made here just before a reload,
// which the debounced save never sent, is sent now instead of being lost. If the user changes
// the layout before the answer arrives, that change wins (and is saved in turn).
import { useEffect, useRef } from 'react';
import { appearanceChanged, appearanceOf, type LayoutSettings } from '@common/layout/layoutSettings';
import { layoutSettingsApi } from '../api/layoutSettingsApi';
import { selectSession } from '../auth/authSlice';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { lastLayoutChange, recordLayoutChange } from './layoutChangeTime';
import { layoutActions, selectLayout } from './layoutSlice';
import { selectLayoutPreview } from './preview/layoutPreviewSlice';

export function useRestoreSavedLayout(): void {
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayout);
  const subject = useAppSelector(selectSession)?.tokenParsed.sub;
  // While this tab previews someone else's layout, the layout shown is theirs: neither send it as
  // the user's nor replace it with the server's (the way back to the user's own is kept with the preview).
  const previewing = useAppSelector(selectLayoutPreview) !== null;
  const atSignIn = useRef<LayoutSettings | null>(null);
  const current = useRef(layout);
  useEffect(() => {
    current.current = layout;
  }, [layout]);

  useEffect(() => {
    if (!subject || previewing) return undefined;
    atSignIn.current = current.current;
    let cancelled = false;
    const changedHere = lastLayoutChange(subject);
    const request = dispatch(layoutSettingsApi.endpoints.getMyLayoutSettings.initiate(undefined, { forceRefetch: true }));
    void request.then(async (result) => {
      request.unsubscribe();
      if (cancelled) return;
      const saved = result.data?.settings ? result.data : null;
      const savedAt = saved ? Date.parse(saved.updatedAt) : Number.NaN;
      if (changedHere !== null && (!saved || !(savedAt >= changedHere))) {
        // This browser's copy is newer than the server's (or the server has none): send it.
        const save = dispatch(layoutSettingsApi.endpoints.saveMyLayoutSettings.initiate(appearanceOf(current.current)));
        const outcome = await save;
        save.reset();
        if ('error' in outcome) console.error('[layout] settings could not be saved', outcome.error);
        return;
      }
      // Nothing saved (404), or the answer failed: keep what this browser has.
      if (!saved) return;
      const { appearancePatchSchema } = await import(/* webpackChunkName: "layout-schema" */ '@common/layout/layoutSchema');
      const parsed = appearancePatchSchema.safeParse(saved.settings);
      if (!parsed.success) {
        console.warn('[layout] the saved settings are not valid any more; keeping the local ones');
        return;
      }
      if (cancelled || (atSignIn.current && appearanceChanged(atSignIn.current, current.current))) return;
      dispatch(layoutActions.restoreSavedSettings(parsed.data));
      if (Number.isFinite(savedAt)) recordLayoutChange({ subject, at: savedAt });
    });
    return () => {
      cancelled = true;
    };
    // Only a new sign-in asks again (ending a preview puts the user's own layout back by itself).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, subject]);
}
