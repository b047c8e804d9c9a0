/**
 * Keycloak-style redirect URI matching: a registered URI ending in `/*` accepts any URI below
 * that path on the same origin; any other registered URI must match exactly.
 */
export function redirectUriMatches(value: string, registered: readonly string[]): boolean {
  if (typeof value !== 'string' || value === '' || value.includes('#')) return false;
  const parsed = URL.parse(value);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password) return false;
  return registered.some((pattern) => {
    if (!pattern.endsWith('/*')) return pattern === value;
    const prefix = pattern.slice(0, -1);
    const base = URL.parse(prefix);
    if (!base || base.origin !== parsed.origin) return false;
    return value.startsWith(prefix) || value === prefix.slice(0, -1);
  });
}
