// Feature requests and the roadmap as the pages read and change them; requests are built from the
// endpoints' descriptions (common/feature-requests/featureRequestsEndpoints.ts).
import type {
  FeatureDetail,
  FeatureInput,
  FeatureListQuery,
  FeatureListResponse,
  FeatureStatusChange,
} from '@common/feature-requests/featureRequestsContract';
import { endpointUrl } from '@common/api/endpoint';
import { featureRequestsEndpoints as endpoints } from '@common/feature-requests/featureRequestsEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const FEATURES = 'FeatureRequests' as const;
const detail = (response: { feature: FeatureDetail }) => response.feature;

export const featureRequestsApi = baseApi.enhanceEndpoints({ addTagTypes: [FEATURES] }).injectEndpoints({
  endpoints: (build) => ({
    listFeatures: build.query<FeatureListResponse, FeatureListQuery>({
      query: (query) => {
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
        const text = params.toString();
        return `${endpointUrl(endpoints.list)}${text ? `?${text}` : ''}`;
      },
      providesTags: [FEATURES],
    }),
    getFeature: build.query<FeatureDetail, string>({
      query: (id) => endpointRequest(endpoints.get, { params: { id } }),
      transformResponse: detail,
      providesTags: [FEATURES],
    }),
    createFeature: build.mutation<FeatureDetail, FeatureInput>({
      query: (body) => endpointRequest(endpoints.create, { body }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    voteOnFeature: build.mutation<FeatureDetail, { id: string; vote: boolean }>({
      query: ({ id, vote }) => endpointRequest(endpoints.vote, { params: { id }, body: { vote } }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    subscribeToFeature: build.mutation<FeatureDetail, { id: string; subscribed: boolean }>({
      query: ({ id, subscribed }) => endpointRequest(endpoints.subscription, { params: { id }, body: { subscribed } }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    commentOnFeature: build.mutation<FeatureDetail, { id: string; body: string }>({
      query: ({ id, body }) => endpointRequest(endpoints.comment, { params: { id }, body: { body } }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    changeFeatureStatus: build.mutation<FeatureDetail, { id: string; change: FeatureStatusChange }>({
      query: ({ id, change }) => endpointRequest(endpoints.status, { params: { id }, body: change }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
  }),
});

export const {
  useListFeaturesQuery,
  useGetFeatureQuery,
  useCreateFeatureMutation,
  useVoteOnFeatureMutation,
  useSubscribeToFeatureMutation,
  useCommentOnFeatureMutation,
  useChangeFeatureStatusMutation,
} = featureRequestsApi;
