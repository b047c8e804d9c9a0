// The shape of the Redux state, as every layer may read it. Each slice adds its own key to
// RootState from its own module (`declare module '…/state/rootState'`), so the typed hooks
// below the app need no import of the store that assembles the slices: no layer imports the
// one above it, not even for a type. app/store.ts checks that what it assembles matches.
import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';

// Filled in by the slices through declaration merging; empty on purpose here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RootState {}

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
