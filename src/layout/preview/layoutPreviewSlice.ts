// Seeing the portal with someone else's layout (a requester's, a user's saved one) is a preview:
// it lasts for this browser tab only, is never saved as the staff member's own layout, and ends
// with "Return to my layout", which puts back the layout they had. The layout they had is kept
// in sessionStorage, so a reload keeps the preview (and the way back) and closing the tab ends it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { appearanceOf, type AppearancePatch, type AppearanceSettings } from '@common/layout/layoutSettings';
import type { AppDispatch, RootState } from '../../state/rootState';
import { layoutActions } from '../layoutSlice';

export interface LayoutPreview {
  /** Whose layout is shown. */
  owner: string;
  /** The staff member's own layout, put back at the end. */
  own: AppearanceSettings;
}

const STORAGE_KEY = 'dataworks-layout-preview';

function storedPreview(): LayoutPreview | null {
  try {
    const text = window.sessionStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<LayoutPreview>;
    return typeof value.owner === 'string' && typeof value.own === 'object' && value.own !== null ? (value as LayoutPreview) : null;
  } catch {
    return null;
  }
}

function store(preview: LayoutPreview | null): void {
  try {
    if (preview) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(preview));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private window, quota): the preview still works until a reload.
  }
}

const layoutPreviewSlice = createSlice({
  name: 'layoutPreview',
  initialState: (): LayoutPreview | null => storedPreview(),
  reducers: {
    started: (_state, action: PayloadAction<LayoutPreview>) => action.payload,
    ended: () => null,
  },
  selectors: {
    selectLayoutPreview: (state) => state,
  },
});

export const layoutPreviewReducer = layoutPreviewSlice.reducer;
export const { selectLayoutPreview } = layoutPreviewSlice.selectors;
export const layoutPreviewActions = layoutPreviewSlice.actions;

/** Shows `owner`'s layout in this tab; a second preview keeps the first one's way back. */
export function previewLayout(owner: string, patch: AppearancePatch) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const state = getState();
    const own = state.layoutPreview?.own ?? appearanceOf(state.layout);
    const preview = { owner, own };
    store(preview);
    dispatch(layoutPreviewActions.started(preview));
    dispatch(layoutActions.applySettings(patch));
  };
}

/** Puts back the layout the user had before the preview (not saved: it is what the server holds). */
export function endLayoutPreview() {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const preview = getState().layoutPreview;
    if (!preview) return;
    dispatch(layoutActions.restoreSavedSettings(preview.own));
    store(null);
    dispatch(layoutPreviewActions.ended());
  };
}

declare module '../../state/rootState' {
  interface RootState {
    /** Not persisted by redux-persist: a preview belongs to the tab (sessionStorage). */
    layoutPreview: LayoutPreview | null;
  }
}
