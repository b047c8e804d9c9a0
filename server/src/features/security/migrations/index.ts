// The security area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { securitySignUp } from './025_security_sign_up.js';

export const migrations: Record<string, Migration> = {
  '025_security_sign_up': securitySignUp,
};
