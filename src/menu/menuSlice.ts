// The menu's dashboards (spec section 4): loading until the first answer, then loaded or
// failed. A failure leaves the Viewer empty, so filterMenu hides it.
import { createSlice } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';
import { loadDashboards } from './loadDashboards';
import type { MenuDashboard } from './menuDashboards';

export type MenuStatus = 'loading' | 'loaded' | 'failed';

export interface MenuState {
  status: MenuStatus;
  /** Sorted by order, as the Viewer lists them. */
  dashboards: MenuDashboard[];
  /** Why the last load failed, for the pages that show it. */
  error: string | null;
  /** The load in flight; an older answer arriving late is ignored. */
  requestId: string | null;
}

export const initialMenuState: MenuState = { status: 'loading', dashboards: [], error: null, requestId: null };

export const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadDashboards.pending, (state, action) => {
        state.requestId = action.meta.requestId;
        // A retry after a failure shows loading again; a refresh keeps the current menu.
        if (state.status === 'failed') state.status = 'loading';
      })
      .addCase(loadDashboards.fulfilled, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        state.status = 'loaded';
        state.dashboards = action.payload;
        state.error = null;
        state.requestId = null;
      })
      .addCase(loadDashboards.rejected, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        state.status = 'failed';
        state.dashboards = [];
        state.error = action.payload ?? action.error.message ?? 'The dashboards could not be loaded.';
        state.requestId = null;
      });
  },
});

// The slice is injected with the signed-in shell; before that the state has no `menu`.
const menuState = (state: RootState): MenuState => state.menu ?? initialMenuState;

export const selectMenuStatus = (state: RootState) => menuState(state).status;
export const selectMenuDashboards = (state: RootState) => menuState(state).dashboards;
export const selectMenuError = (state: RootState) => menuState(state).error;
export const selectMenuLoadInFlight = (state: RootState) => menuState(state).requestId !== null;
