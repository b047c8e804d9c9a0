// The dev server never asks for consent: a grant covers whatever scopes the portal requests,
// for the portal API as resource. Sign-in, consent-less authorization and logout share these.
import type Provider from 'oidc-provider';
import type { Grant } from 'oidc-provider';

/** Resource indicator of the portal API; tokens for it carry `aud: dataworks-portal-api`. */
export const API_RESOURCE = 'urn:dataworks:portal-api';

export async function saveGrant(provider: Provider, accountId: string, clientId: string, scope: string, existing?: Grant): Promise<string> {
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const scopes = scope.split(' ').filter((value) => value !== '');
  if (scopes.length > 0) {
    grant.addOIDCScope(scopes.join(' '));
    grant.addResourceScope(API_RESOURCE, scopes.join(' '));
  }
  return grant.save();
}

export async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
  ]);
  const grant = await provider.Grant.find(grantId);
  if (grant) await grant.destroy();
}
