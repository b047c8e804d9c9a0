// What the signed-in shell adds to the store when its chunk loads: the API cache (which also
// owns the menu's dashboards list) and the listener that saves layout changes.
import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { listenForLayoutChanges } from '../layout/layoutSaveListener';
import { dynamicMiddleware, rootReducer, type AppDispatch, type AppStartListening, type AppStore, type RootState } from './store';

/** Dispatched once the lazy slices are in, so their initial state exists before any render. */
export const signedInServicesConnected = createAction('app/signedInServicesConnected');

const listeners = createListenerMiddleware();
const startAppListening: AppStartListening = listeners.startListening.withTypes<RootState, AppDispatch>();
listenForLayoutChanges(startAppListening);

rootReducer.inject(baseApi);
// Listeners outermost: RTK Query has processed an action (cache invalidated) before a listener
// reacts to it.
dynamicMiddleware.addMiddleware(listeners.middleware, baseApi.middleware);

export function connectSignedInServices(store: Pick<AppStore, 'getState' | 'dispatch'>): void {
  if (store.getState().api === undefined) store.dispatch(signedInServicesConnected());
}
