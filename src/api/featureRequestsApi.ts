// Feature requests and the roadmap as the pages read and change them (types from the contract, type-only).
import type {
  FeatureDetail,
  FeatureInput,
  FeatureListQuery,
  FeatureListResponse,
  FeatureStatusChange,
} from '@common/feature-requests/featureRequestsContract';
import { baseApi } from './baseApi';

const FEATURES = 'FeatureRequests' as const;
const detail = (response: { feature: FeatureDetail }) => response.feature;
const path = (id: string, rest = '') => `api/features/${encodeURIComponent(id)}${rest}`;

export const featureRequestsApi = baseApi.enhanceEndpoints({ addTagTypes: [FEATURES] }).injectEndpoints({
  endpoints: (build) => ({
    listFeatures: build.query<FeatureListResponse, FeatureListQuery>({
      query: (query) => {
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
        const text = params.toString();
        return `api/features${text ? `?${text}` : ''}`;
      },
      providesTags: [FEATURES],
    }),
    getFeature: build.query<FeatureDetail, string>({ query: (id) => path(id), transformResponse: detail, providesTags: [FEATURES] }),
    createFeature: build.mutation<FeatureDetail, FeatureInput>({
      query: (body) => ({ url: 'api/features', method: 'POST', body }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    voteOnFeature: build.mutation<FeatureDetail, { id: string; vote: boolean }>({
      query: ({ id, vote }) => ({ url: path(id, '/vote'), method: 'PUT', body: { vote } }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    subscribeToFeature: build.mutation<FeatureDetail, { id: string; subscribed: boolean }>({
      query: ({ id, subscribed }) => ({ url: path(id, '/subscription'), method: 'PUT', body: { subscribed } }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    commentOnFeature: build.mutation<FeatureDetail, { id: string; body: string }>({
      query: ({ id, body }) => ({ url: path(id, '/comments'), method: 'POST', body: { body } }),
      transformResponse: detail,
      invalidatesTags: [FEATURES],
    }),
    changeFeatureStatus: build.mutation<FeatureDetail, { id: string; change: FeatureStatusChange }>({
      query: ({ id, change }) => ({ url: path(id, '/status'), method: 'PATCH', body: change }),
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
