// Two one-liners most identity modules need: request parameters and JWT claims arrive untyped,
// and OIDC times are whole seconds.

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
