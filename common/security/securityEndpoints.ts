// Security's endpoints (common/api/endpoint.ts): members, groups and sessions; portal roles, the
// access review and the audit trail; the sign-in policy, sign-in events and the platform's
// settings. The server registers its routes from them and the browser builds its requests from
// them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type {
  AccessReview,
  InvitationRequest,
  InvitationResult,
  Member,
  MemberPage,
  MemberQuery,
  PlatformSettings,
  RoleOverview,
  SecurityAuditList,
  SessionList,
  SignInEventPage,
  SignInEventQuery,
  SignInPolicy,
  SignOutEverywhereResult,
  Group,
} from './securityContract';

type ByMember = { memberId: string };
type MemberGroup = ByMember & { groupId: string };
type MemberRole = ByMember & { role: string };

export const securityEndpoints = {
  members: endpoint<{ query: MemberQuery; response: MemberPage }>()('GET', '/api/security/members'),
  member: endpoint<{ params: ByMember; response: Member }>()('GET', '/api/security/members/:memberId'),
  invite: endpoint<{ body: InvitationRequest; response: InvitationResult }>()('POST', '/api/security/members', 201),
  disable: endpoint<{ params: ByMember; response: Member }>()('POST', '/api/security/members/:memberId/disable'),
  enable: endpoint<{ params: ByMember; response: Member }>()('POST', '/api/security/members/:memberId/enable'),
  resetPassword: endpoint<{ params: ByMember; response: Member }>()('POST', '/api/security/members/:memberId/reset-password'),
  resetMfa: endpoint<{ params: ByMember; response: Member }>()('POST', '/api/security/members/:memberId/reset-mfa'),
  groups: endpoint<{ response: { groups: Group[] } }>()('GET', '/api/security/groups'),
  addToGroup: endpoint<{ params: MemberGroup; response: Member }>()('PUT', '/api/security/members/:memberId/groups/:groupId'),
  removeFromGroup: endpoint<{ params: MemberGroup; response: Member }>()('DELETE', '/api/security/members/:memberId/groups/:groupId'),
  sessions: endpoint<{ query: { memberId?: string }; response: SessionList }>()('GET', '/api/security/sessions'),
  revokeSession: endpoint<{ params: { sessionId: string }; response: { sessionId: string; memberId: string } }>()(
    'DELETE',
    '/api/security/sessions/:sessionId',
  ),
  signOutEverywhere: endpoint<{ params: ByMember; response: SignOutEverywhereResult }>()(
    'POST',
    '/api/security/members/:memberId/sign-out-everywhere',
  ),

  roles: endpoint<{ response: RoleOverview }>()('GET', '/api/security/roles'),
  grantRole: endpoint<{ params: MemberRole; response: Member }>()('PUT', '/api/security/members/:memberId/roles/:role'),
  revokeRole: endpoint<{ params: MemberRole; response: Member }>()('DELETE', '/api/security/members/:memberId/roles/:role'),
  accessReview: endpoint<{ query: { dormantDays?: number }; response: AccessReview }>()('GET', '/api/security/access-review'),
  audit: endpoint<{ response: SecurityAuditList }>()('GET', '/api/security/audit'),

  policy: endpoint<{ response: SignInPolicy }>()('GET', '/api/security/policy'),
  updatePolicy: endpoint<{ body: SignInPolicy; response: SignInPolicy }>()('PUT', '/api/security/policy'),
  events: endpoint<{ query: SignInEventQuery; response: SignInEventPage }>()('GET', '/api/security/events'),
  platformSettings: endpoint<{ response: PlatformSettings }>()('GET', '/api/security/platform-settings'),
};
