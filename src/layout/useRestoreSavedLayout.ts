// At sign-in, the layout the user saved (from any browser) replaces the local one: the server
// keeps every change (layoutSaveListener.ts), so its copy is the latest. A browser that never
// saw this user starts from the defaults otherwise. If the user changes the layout before the
// answer arrives, their newer change wins (and is saved in turn).
import { useEffect, useRef } from 'react';
import { appearanceChanged, type LayoutSettings } from '@common/layout/layoutSettings';
import { layoutSettingsApi } from '../api/layoutSettingsApi';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { layoutActions, selectLayout } from './layoutSlice';

export function useRestoreSavedLayout(): void {
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayout);
  const atSignIn = useRef<LayoutSettings | null>(null);
  const current = useRef(layout);
  useEffect(() => {
    current.current = layout;
  }, [layout]);

  useEffect(() => {
    atSignIn.current = current.current;
    const request = dispatch(layoutSettingsApi.endpoints.getMyLayoutSettings.initiate(undefined, { forceRefetch: true }));
    let cancelled = false;
    void request.then(async (result) => {
      request.unsubscribe();
      // 404: nothing saved yet. Other failures are not worth bothering the user with.
      if (cancelled || !result.data?.settings) return;
      const { appearancePatchSchema } = await import(/* webpackChunkName: "layout-schema" */ '@common/layout/layoutSchema');
      const parsed = appearancePatchSchema.safeParse(result.data.settings);
      if (!parsed.success) {
        console.warn('[layout] the saved settings are not valid any more; keeping the local ones');
        return;
      }
      if (cancelled || (atSignIn.current && appearanceChanged(atSignIn.current, current.current))) return;
      dispatch(layoutActions.restoreSavedSettings(parsed.data));
    });
    return () => {
      cancelled = true;
    };
  }, [dispatch]);
}
