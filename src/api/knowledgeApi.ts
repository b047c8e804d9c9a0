// The knowledge base and the FAQ as the pages read and change them; requests are built from the
// endpoints' descriptions (common/knowledge/knowledgeEndpoints.ts).
import type {
  ArticleDetail,
  ArticleInput,
  ArticleListQuery,
  ArticleListResponse,
  ArticleUpdate,
  FaqEntry,
  FaqInput,
  FaqListResponse,
} from '@common/knowledge/knowledgeContract';
import { endpointUrl } from '@common/api/endpoint';
import { knowledgeEndpoints as endpoints } from '@common/knowledge/knowledgeEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const ARTICLES = 'KnowledgeArticles' as const;
const FAQ = 'Faq' as const;

const queryString = (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const knowledgeApi = baseApi.enhanceEndpoints({ addTagTypes: [ARTICLES, FAQ] }).injectEndpoints({
  endpoints: (build) => ({
    listArticles: build.query<ArticleListResponse, ArticleListQuery>({
      query: (query) => `${endpointUrl(endpoints.articles)}${queryString(query)}`,
      providesTags: [ARTICLES],
    }),
    getArticle: build.query<ArticleDetail, string>({
      query: (id) => endpointRequest(endpoints.article, { params: { id } }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      providesTags: [ARTICLES],
    }),
    createArticle: build.mutation<ArticleDetail, ArticleInput>({
      query: (body) => endpointRequest(endpoints.createArticle, { body }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      invalidatesTags: [ARTICLES],
    }),
    updateArticle: build.mutation<ArticleDetail, { id: string; changes: ArticleUpdate }>({
      query: ({ id, changes }) => endpointRequest(endpoints.updateArticle, { params: { id }, body: changes }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      invalidatesTags: [ARTICLES],
    }),
    deleteArticle: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteArticle, { params: { id } }),
      invalidatesTags: [ARTICLES],
    }),
    voteOnArticle: build.mutation<ArticleDetail, { id: string; helpful: boolean }>({
      query: ({ id, helpful }) => endpointRequest(endpoints.voteOnArticle, { params: { id }, body: { helpful } }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      invalidatesTags: [ARTICLES],
    }),
    listFaq: build.query<FaqListResponse, string>({
      query: (q) => `${endpointUrl(endpoints.faq)}${queryString({ q })}`,
      providesTags: [FAQ],
    }),
    createFaq: build.mutation<FaqEntry, FaqInput>({
      query: (body) => endpointRequest(endpoints.createFaq, { body }),
      transformResponse: (response: { entry: FaqEntry }) => response.entry,
      invalidatesTags: [FAQ],
    }),
    updateFaq: build.mutation<FaqEntry, { id: string; changes: Partial<FaqInput> }>({
      query: ({ id, changes }) => endpointRequest(endpoints.updateFaq, { params: { id }, body: changes }),
      transformResponse: (response: { entry: FaqEntry }) => response.entry,
      invalidatesTags: [FAQ],
    }),
    deleteFaq: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteFaq, { params: { id } }),
      invalidatesTags: [FAQ],
    }),
  }),
});

export const {
  useListArticlesQuery,
  useGetArticleQuery,
  useCreateArticleMutation,
  useUpdateArticleMutation,
  useDeleteArticleMutation,
  useVoteOnArticleMutation,
  useListFaqQuery,
  useCreateFaqMutation,
  useUpdateFaqMutation,
  useDeleteFaqMutation,
} = knowledgeApi;
