// The Redux store. Only the layout settings are persisted (versioned, validated on the way
// back in); the session stays in memory.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
} from 'redux-persist';
import { safeStorage } from '../layout/safeStorage';
import { authReducer } from '../auth/authSlice';
import { layoutReducer } from '../layout/layoutSlice';
import { layoutPersistMigrate, LAYOUT_PERSIST_VERSION } from '../layout/layoutPersistence';
import type { LayoutSettings } from '../layout/layoutSettings';

const layoutPersistConfig: PersistConfig<LayoutSettings> = {
  key: 'dataworks-layout',
  storage: safeStorage,
  version: LAYOUT_PERSIST_VERSION,
  migrate: layoutPersistMigrate,
  // Which menu happens to be open is not a preference.
  blacklist: ['isOpen', 'isTrigger', 'configBlock'],
};

const rootReducer = combineReducers({
  auth: authReducer,
  layout: persistReducer(layoutPersistConfig, layoutReducer),
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; they never reach our reducers' state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

export function makePersistor(store: AppStore) {
  return persistStore(store);
}
