// The security pages' reads and writes (/api/security/*). A change to a member refreshes the
// member list, their sessions, the role holders and the access review; the audit trail
// refreshes after every change. Requests are built from the endpoints' descriptions
// (common/security/securityEndpoints.ts); the lists' query strings are written here as before.
import type {
  AccessReview,
  Group,
  InvitationRequest,
  InvitationResult,
  Member,
  MemberPage,
  PlatformSettings,
  RoleOverview,
  SecurityAuditList,
  SessionList,
  SignInEventPage,
  SignInPolicy,
  SignOutEverywhereResult,
} from '@common/security/securityContract';
import { endpointUrl } from '@common/api/endpoint';
import { securityEndpoints as endpoints } from '@common/security/securityEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const tagTypes = [
  'SecurityMembers',
  'SecuritySessions',
  'SecurityRoles',
  'SecurityReview',
  'SecurityAudit',
  'SecurityPolicy',
  'SecurityEvents',
] as const;
const afterMemberChange = ['SecurityMembers', 'SecuritySessions', 'SecurityRoles', 'SecurityReview', 'SecurityAudit'] as const;
const path = (value: string) => encodeURIComponent(value);
const memberActions = {
  disable: endpoints.disable,
  enable: endpoints.enable,
  'reset-password': endpoints.resetPassword,
  'reset-mfa': endpoints.resetMfa,
};

export const securityApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<MemberPage, string>({
      query: (search) => `${endpointUrl(endpoints.members)}?max=500${search ? `&search=${path(search)}` : ''}`,
      providesTags: ['SecurityMembers'],
    }),
    listGroups: build.query<Group[], void>({
      query: () => endpointRequest(endpoints.groups, {}),
      transformResponse: (response: { groups: Group[] }) => response.groups,
    }),
    listSessions: build.query<SessionList, string>({
      query: (memberId) => `${endpointUrl(endpoints.sessions)}?memberId=${path(memberId)}`,
      providesTags: ['SecuritySessions'],
    }),
    inviteMember: build.mutation<InvitationResult, InvitationRequest>({
      query: (body) => endpointRequest(endpoints.invite, { body }),
      invalidatesTags: [...afterMemberChange],
    }),
    memberAction: build.mutation<Member, { memberId: string; action: 'disable' | 'enable' | 'reset-password' | 'reset-mfa' }>({
      query: ({ memberId, action }) => endpointRequest(memberActions[action], { params: { memberId } }),
      invalidatesTags: [...afterMemberChange],
    }),
    setGroup: build.mutation<Member, { memberId: string; groupId: string; member: boolean }>({
      query: ({ memberId, groupId, member }) =>
        endpointRequest(member ? endpoints.addToGroup : endpoints.removeFromGroup, { params: { memberId, groupId } }),
      invalidatesTags: [...afterMemberChange],
    }),
    revokeSession: build.mutation<{ sessionId: string; memberId: string }, string>({
      query: (sessionId) => endpointRequest(endpoints.revokeSession, { params: { sessionId } }),
      invalidatesTags: [...afterMemberChange, 'SecurityEvents'],
    }),
    signOutEverywhere: build.mutation<SignOutEverywhereResult, string>({
      query: (memberId) => endpointRequest(endpoints.signOutEverywhere, { params: { memberId } }),
      invalidatesTags: [...afterMemberChange, 'SecurityEvents'],
    }),
    getRoles: build.query<RoleOverview, void>({
      query: () => endpointRequest(endpoints.roles, {}),
      providesTags: ['SecurityRoles'],
    }),
    setRole: build.mutation<Member, { memberId: string; role: string; grant: boolean }>({
      query: ({ memberId, role, grant }) =>
        endpointRequest(grant ? endpoints.grantRole : endpoints.revokeRole, { params: { memberId, role } }),
      invalidatesTags: [...afterMemberChange],
    }),
    getAccessReview: build.query<AccessReview, number>({
      query: (dormantDays) => `${endpointUrl(endpoints.accessReview)}?dormantDays=${dormantDays}`,
      providesTags: ['SecurityReview'],
    }),
    getSecurityAudit: build.query<SecurityAuditList, void>({
      query: () => endpointRequest(endpoints.audit, {}),
      providesTags: ['SecurityAudit'],
    }),
    getPolicy: build.query<SignInPolicy, void>({
      query: () => endpointRequest(endpoints.policy, {}),
      providesTags: ['SecurityPolicy'],
    }),
    updatePolicy: build.mutation<SignInPolicy, SignInPolicy>({
      query: (body) => endpointRequest(endpoints.updatePolicy, { body }),
      invalidatesTags: ['SecurityPolicy', 'SecurityAudit'],
    }),
    listEvents: build.query<SignInEventPage, string>({
      query: (query) => `${endpointUrl(endpoints.events)}?max=500${query ? `&${query}` : ''}`,
      providesTags: ['SecurityEvents'],
    }),
    getPlatformSettings: build.query<PlatformSettings, void>({
      query: () => endpointRequest(endpoints.platformSettings, {}),
    }),
  }),
});

export const {
  useListMembersQuery,
  useListGroupsQuery,
  useListSessionsQuery,
  useInviteMemberMutation,
  useMemberActionMutation,
  useSetGroupMutation,
  useRevokeSessionMutation,
  useSignOutEverywhereMutation,
  useGetRolesQuery,
  useSetRoleMutation,
  useGetAccessReviewQuery,
  useGetSecurityAuditQuery,
  useGetPolicyQuery,
  useUpdatePolicyMutation,
  useListEventsQuery,
  useGetPlatformSettingsQuery,
} = securityApi;
