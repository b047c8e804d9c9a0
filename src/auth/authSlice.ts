// The signed-in session (docs/shell-rules.md, "Dashboards list and layout settings"). It lives in memory only: the store's persist
// configuration lists the layout slice alone, so tokens never reach storage.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Claims the portal reads from a Keycloak access token. */
export interface TokenClaims {
  sub?: string;
  sid?: string;
  iat?: number;
  exp?: number;
  name?: string;
  email?: string;
  preferred_username?: string;
  /** Keycloak 26 organizations: the aliases of the user's organisations. */
  organization?: string[] | Record<string, unknown>;
  realm_access?: { roles?: string[] };
  resource_access?: Record<string, { roles?: string[] }>;
}

export interface UserProfile {
  id?: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

export interface Session {
  token: string;
  refreshToken?: string;
  idToken?: string;
  tokenParsed: TokenClaims;
  realmRoles: string[];
  resourceRoles: Record<string, string[]>;
  profile?: UserProfile;
  userInfo?: Record<string, unknown>;
}

export type AuthStatus = 'initialising' | 'authenticated' | 'unauthenticated' | 'error';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** Why sign-in could not be checked (identity service unreachable, misconfigured…). */
  error: string | null;
}

const initialState: AuthState = { status: 'initialising', session: null, error: null };

export function sessionFromToken(token: string, tokenParsed: TokenClaims, refreshToken?: string, idToken?: string): Session {
  const resourceRoles: Record<string, string[]> = {};
  for (const [client, access] of Object.entries(tokenParsed.resource_access ?? {})) {
    resourceRoles[client] = access.roles ?? [];
  }
  return {
    token,
    refreshToken,
    idToken,
    tokenParsed,
    realmRoles: tokenParsed.realm_access?.roles ?? [],
    resourceRoles,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<Session>) {
      state.status = 'authenticated';
      state.error = null;
      // Keep profile and user info across token refreshes; they belong to the same person.
      const previous = state.session;
      const samePerson = previous?.tokenParsed.sub === action.payload.tokenParsed.sub;
      state.session = {
        ...action.payload,
        profile: action.payload.profile ?? (samePerson ? previous?.profile : undefined),
        userInfo: action.payload.userInfo ?? (samePerson ? previous?.userInfo : undefined),
      };
    },
    profileLoaded(state, action: PayloadAction<{ profile?: UserProfile; userInfo?: Record<string, unknown> }>) {
      if (!state.session) return;
      if (action.payload.profile) state.session.profile = action.payload.profile;
      if (action.payload.userInfo) state.session.userInfo = action.payload.userInfo;
    },
    signedOut(state) {
      state.status = 'unauthenticated';
      state.session = null;
      state.error = null;
    },
    authFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.session = null;
      state.error = action.payload;
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectSession: (state) => state.session,
    selectAuthError: (state) => state.error,
    selectRealmRoles: (state) => state.session?.realmRoles ?? noRoles,
  },
});

const noRoles: string[] = [];

export const authActions = authSlice.actions;
export const { selectAuthStatus, selectSession, selectAuthError, selectRealmRoles } = authSlice.selectors;
export const authReducer = authSlice.reducer;

declare module '../state/rootState' {
  interface RootState {
    auth: AuthState;
  }
}

/** Display name of the signed-in person: name, else username, else email. */
export function displayName(session: Session | null): string {
  const claims = session?.tokenParsed;
  return claims?.name || claims?.preferred_username || claims?.email || 'Signed-in user';
}

/** The organisation alias carried by the token (first one when several). */
export function organisationOf(claims: TokenClaims | undefined): string | null {
  const org = claims?.organization;
  if (Array.isArray(org)) return org[0] ?? null;
  if (org && typeof org === 'object') return Object.keys(org)[0] ?? null;
  return null;
}
