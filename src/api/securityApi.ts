// The security pages' reads and writes (/api/security/*). A change to a member refreshes the
// member list, their sessions, the role holders and the access review; the audit trail
// refreshes after every change.
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
import { baseApi } from './baseApi';

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

export const securityApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<MemberPage, string>({
      query: (search) => `api/security/members?max=500${search ? `&search=${path(search)}` : ''}`,
      providesTags: ['SecurityMembers'],
    }),
    listGroups: build.query<Group[], void>({
      query: () => 'api/security/groups',
      transformResponse: (response: { groups: Group[] }) => response.groups,
    }),
    listSessions: build.query<SessionList, string>({
      query: (memberId) => `api/security/sessions?memberId=${path(memberId)}`,
      providesTags: ['SecuritySessions'],
    }),
    inviteMember: build.mutation<InvitationResult, InvitationRequest>({
      query: (body) => ({ url: 'api/security/members', method: 'POST', body }),
      invalidatesTags: [...afterMemberChange],
    }),
    memberAction: build.mutation<Member, { memberId: string; action: 'disable' | 'enable' | 'reset-password' | 'reset-mfa' }>({
      query: ({ memberId, action }) => ({ url: `api/security/members/${path(memberId)}/${action}`, method: 'POST' }),
      invalidatesTags: [...afterMemberChange],
    }),
    setGroup: build.mutation<Member, { memberId: string; groupId: string; member: boolean }>({
      query: ({ memberId, groupId, member }) => ({
        url: `api/security/members/${path(memberId)}/groups/${path(groupId)}`,
        method: member ? 'PUT' : 'DELETE',
      }),
      invalidatesTags: [...afterMemberChange],
    }),
    revokeSession: build.mutation<{ sessionId: string; memberId: string }, string>({
      query: (sessionId) => ({ url: `api/security/sessions/${path(sessionId)}`, method: 'DELETE' }),
      invalidatesTags: [...afterMemberChange, 'SecurityEvents'],
    }),
    signOutEverywhere: build.mutation<SignOutEverywhereResult, string>({
      query: (memberId) => ({ url: `api/security/members/${path(memberId)}/sign-out-everywhere`, method: 'POST' }),
      invalidatesTags: [...afterMemberChange, 'SecurityEvents'],
    }),
    getRoles: build.query<RoleOverview, void>({
      query: () => 'api/security/roles',
      providesTags: ['SecurityRoles'],
    }),
    setRole: build.mutation<Member, { memberId: string; role: string; grant: boolean }>({
      query: ({ memberId, role, grant }) => ({
        url: `api/security/members/${path(memberId)}/roles/${path(role)}`,
        method: grant ? 'PUT' : 'DELETE',
      }),
      invalidatesTags: [...afterMemberChange],
    }),
    getAccessReview: build.query<AccessReview, number>({
      query: (dormantDays) => `api/security/access-review?dormantDays=${dormantDays}`,
      providesTags: ['SecurityReview'],
    }),
    getSecurityAudit: build.query<SecurityAuditList, void>({
      query: () => 'api/security/audit',
      providesTags: ['SecurityAudit'],
    }),
    getPolicy: build.query<SignInPolicy, void>({
      query: () => 'api/security/policy',
      providesTags: ['SecurityPolicy'],
    }),
    updatePolicy: build.mutation<SignInPolicy, SignInPolicy>({
      query: (body) => ({ url: 'api/security/policy', method: 'PUT', body }),
      invalidatesTags: ['SecurityPolicy', 'SecurityAudit'],
    }),
    listEvents: build.query<SignInEventPage, string>({
      query: (query) => `api/security/events?max=500${query ? `&${query}` : ''}`,
      providesTags: ['SecurityEvents'],
    }),
    getPlatformSettings: build.query<PlatformSettings, void>({
      query: () => 'api/security/platform-settings',
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
