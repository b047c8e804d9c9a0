// The Redux store. Only the layout settings are persisted (versioned, validated on the way
// back in); the session stays in memory. What only the signed-in shell needs (the API cache,
// the menu, their middleware) is injected when the shell's chunk loads: see
// signedInServices.ts. That keeps RTK Query and axios out of the initial bundle.
import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type PersistConfig } from 'redux-persist';
import { safeStorage } from '../layout/safeStorage';
import { authReducer } from '../auth/authSlice';
import { layoutReducer } from '../layout/layoutSlice';
import { layoutPreviewReducer } from '../layout/preview/layoutPreviewSlice';
import { layoutPersistMigrate, LAYOUT_PERSIST_VERSION } from '../layout/layoutPersistence';
import type { LayoutSettings } from '@common/layout/layoutSettings';
import type { baseApi } from '../api/baseApi';
import type { AppDispatch, AppStartListening, RootState } from '../state/rootState';

const layoutPersistConfig: PersistConfig<LayoutSettings> = {
  key: 'dataworks-layout',
  storage: safeStorage,
  version: LAYOUT_PERSIST_VERSION,
  migrate: layoutPersistMigrate,
  // Which menu happens to be open is not a preference.
  blacklist: ['isOpen', 'isTrigger', 'configBlock'],
};

/** Slices injected once the signed-in shell loads (absent from the state until then). */
export interface LazyLoadedSlices {
  api: ReturnType<typeof baseApi.reducer>;
}

export const rootReducer = combineSlices({
  auth: authReducer,
  layout: persistReducer(layoutPersistConfig, layoutReducer),
  layoutPreview: layoutPreviewReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type { AppDispatch, AppStartListening, RootState };

// The state every layer reads (src/state/rootState.ts, filled in by the slices) must be what
// is assembled here: a slice added above without its RootState entry fails to compile.
type AssembledState = ReturnType<typeof rootReducer>;
export const stateShapesAgree: [AssembledState] extends [RootState] ? ([RootState] extends [AssembledState] ? true : false) : false = true;

/**
 * Middleware added at run time (RTK Query's, the listeners). One instance serves every store
 * made here; each store gets its own copy of whatever is added.
 */
export const dynamicMiddleware = createDynamicMiddleware();

export function makeStore(preloadedState?: Partial<AssembledState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; they never reach our reducers' state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamicMiddleware.middleware),
    // RTK Query's answers reach the components at the end of the current tick instead of the next
    // animation frame (the default): the menu paints a frame sooner after its list arrives (a
    // warm reload of the home about 25 ms sooner), and answers landing together still render once.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

export function makePersistor(store: AppStore) {
  return persistStore(store);
}
