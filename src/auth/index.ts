// The signed-in user as features may read it (lint keeps them off the rest of src/auth).
export { displayName, organisationOf, selectAuthError, selectAuthStatus, selectRealmRoles, selectSession, type Session } from './authSlice';
