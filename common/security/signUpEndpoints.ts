// Self sign-up's endpoints (common/api/endpoint.ts): the organisation's settings (Security →
// Authentication), and what a person without an organisation may do: see their options, join by
// e-mail domain, or ask an organisation for an invitation.
import { endpoint } from '../api/endpoint';
import type { AccessRequestBody, JoinOptions, JoinResult, SignUpSettings } from './signUpContract';

export const signUpEndpoints = {
  settings: endpoint<{ response: SignUpSettings }>()('GET', '/api/security/sign-up'),
  updateSettings: endpoint<{ body: SignUpSettings; response: SignUpSettings }>()('PUT', '/api/security/sign-up'),
  joinOptions: endpoint<{ response: JoinOptions }>()('GET', '/api/me/join-options'),
  join: endpoint<{ response: JoinResult }>()('POST', '/api/me/join'),
  requestAccess: endpoint<{ body: AccessRequestBody; response: { sent: true } }>()('POST', '/api/me/access-requests', 202),
};
