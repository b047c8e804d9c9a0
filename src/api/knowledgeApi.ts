// The knowledge base and the FAQ as the pages read and change them. Types come from the shared
// contract (type-only: zod stays out of the bundle).
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
import { baseApi } from './baseApi';

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
      query: (query) => `api/kb/articles${queryString(query)}`,
      providesTags: [ARTICLES],
    }),
    getArticle: build.query<ArticleDetail, string>({
      query: (id) => `api/kb/articles/${encodeURIComponent(id)}`,
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      providesTags: [ARTICLES],
    }),
    createArticle: build.mutation<ArticleDetail, ArticleInput>({
      query: (body) => ({ url: 'api/kb/articles', method: 'POST', body }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      invalidatesTags: [ARTICLES],
    }),
    updateArticle: build.mutation<ArticleDetail, { id: string; changes: ArticleUpdate }>({
      query: ({ id, changes }) => ({ url: `api/kb/articles/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      invalidatesTags: [ARTICLES],
    }),
    deleteArticle: build.mutation<void, string>({
      query: (id) => ({ url: `api/kb/articles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [ARTICLES],
    }),
    voteOnArticle: build.mutation<ArticleDetail, { id: string; helpful: boolean }>({
      query: ({ id, helpful }) => ({ url: `api/kb/articles/${encodeURIComponent(id)}/vote`, method: 'PUT', body: { helpful } }),
      transformResponse: (response: { article: ArticleDetail }) => response.article,
      invalidatesTags: [ARTICLES],
    }),
    listFaq: build.query<FaqListResponse, string>({
      query: (q) => `api/faq${queryString({ q })}`,
      providesTags: [FAQ],
    }),
    createFaq: build.mutation<FaqEntry, FaqInput>({
      query: (body) => ({ url: 'api/faq', method: 'POST', body }),
      transformResponse: (response: { entry: FaqEntry }) => response.entry,
      invalidatesTags: [FAQ],
    }),
    updateFaq: build.mutation<FaqEntry, { id: string; changes: Partial<FaqInput> }>({
      query: ({ id, changes }) => ({ url: `api/faq/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      transformResponse: (response: { entry: FaqEntry }) => response.entry,
      invalidatesTags: [FAQ],
    }),
    deleteFaq: build.mutation<void, string>({
      query: (id) => ({ url: `api/faq/${encodeURIComponent(id)}`, method: 'DELETE' }),
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
