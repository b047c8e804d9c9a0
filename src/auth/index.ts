// The signed-in user as features may read it (lint keeps them off the rest of src/auth).
export { displayName, selectAuthError, selectAuthStatus, selectRealmRoles, selectSession, type Session } from './authSlice';
