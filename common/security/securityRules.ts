// Numbers both runtimes share for the security area: session lifetime bounds (the identity
// services enforce the same), when an account counts as dormant, and labels for the pages.

export const SECURITY_LIMITS = {
  idleMin: 300,
  idleMax: 30 * 24 * 3600,
  maxMin: 900,
  maxMax: 365 * 24 * 3600,
  /** No sign-in for this many days makes an account dormant in the access review. */
  dormantDaysDefault: 90,
} as const;

export const signInEventLabels = {
  LOGIN: 'Signed in',
  LOGIN_ERROR: 'Sign-in failed',
  LOCKOUT: 'Locked out',
  LOGOUT: 'Session ended',
} as const;

/** "1 h 30 min" from seconds, for lifetimes. */
export function describeDuration(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days ? `${days} d` : '', hours ? `${hours} h` : '', minutes ? `${minutes} min` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : `${seconds} s`;
}
