// What a token or userinfo answer says about an account, shaped as Keycloak's would be; the
// id token, the access token and the userinfo/account endpoints must all agree.
import { displayName, type Account } from './accounts.js';
import type { Claims } from './jwt.js';

const ACCOUNT_CLIENT_ROLES = ['manage-account', 'manage-account-links', 'view-profile'];

export function accountClaims(account: Account): Claims {
  return {
    sub: account.id,
    name: displayName(account),
    given_name: account.firstName,
    family_name: account.lastName,
    preferred_username: account.username,
    email: account.email,
    email_verified: account.emailVerified,
    // Like Keycloak, a user outside every organisation gets no `organization` claim at all.
    ...(account.organizations.length > 0 ? { organization: [...account.organizations] } : {}),
  };
}

/** Claims added to every access token: the portal API reads roles from where Keycloak puts them. */
export function accessTokenClaims(account: Account, token: { clientId?: string; sid?: string }): Claims {
  const { sub: _sub, ...claims } = accountClaims(account);
  return {
    typ: 'Bearer',
    azp: token.clientId,
    sid: token.sid,
    realm_access: { roles: [...account.realmRoles] },
    resource_access: { account: { roles: [...ACCOUNT_CLIENT_ROLES] } },
    ...claims,
  };
}
