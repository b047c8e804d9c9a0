// Self sign-up as the browser calls it: the organisation's settings (Security → Authentication),
// and for a person without an organisation, their options, joining by e-mail domain and asking
// for an invitation.
import type { AccessRequestBody, JoinOptions, JoinResult, SignUpSettings } from '@common/security/signUpContract';
import { signUpEndpoints as endpoints } from '@common/security/signUpEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const SETTINGS = 'SignUpSettings' as const;
const OPTIONS = 'JoinOptions' as const;

export const signUpApi = baseApi.enhanceEndpoints({ addTagTypes: [SETTINGS, OPTIONS] }).injectEndpoints({
  endpoints: (build) => ({
    getSignUpSettings: build.query<SignUpSettings, void>({
      query: () => endpointRequest(endpoints.settings, {}),
      providesTags: [SETTINGS],
    }),
    saveSignUpSettings: build.mutation<SignUpSettings, SignUpSettings>({
      query: (body) => endpointRequest(endpoints.updateSettings, { body }),
      invalidatesTags: [SETTINGS],
    }),
    getJoinOptions: build.query<JoinOptions, void>({
      query: () => endpointRequest(endpoints.joinOptions, {}),
      providesTags: [OPTIONS],
    }),
    joinOrganisation: build.mutation<JoinResult, void>({
      query: () => endpointRequest(endpoints.join, {}),
      invalidatesTags: [OPTIONS],
    }),
    requestAccess: build.mutation<{ sent: true }, AccessRequestBody>({
      query: (body) => endpointRequest(endpoints.requestAccess, { body }),
    }),
  }),
});

export const {
  useGetSignUpSettingsQuery,
  useSaveSignUpSettingsMutation,
  useGetJoinOptionsQuery,
  useJoinOrganisationMutation,
  useRequestAccessMutation,
} = signUpApi;
