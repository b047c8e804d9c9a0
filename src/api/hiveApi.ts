// Hive's questions and answers as the page reads and changes them (types from the contract, type-only).
import type { AskQuestionInput, QuestionDetail, QuestionListQuery, QuestionListResponse } from '@common/hive/hiveContract';
import { baseApi } from './baseApi';

const HIVE = 'Hive' as const;

const queryString = (query: QuestionListQuery) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};
const detail = (response: { question: QuestionDetail }) => response.question;

export const hiveApi = baseApi.enhanceEndpoints({ addTagTypes: [HIVE, 'Faq'] }).injectEndpoints({
  endpoints: (build) => ({
    listQuestions: build.query<QuestionListResponse, QuestionListQuery>({
      query: (query) => `api/hive/questions${queryString(query)}`,
      providesTags: [HIVE],
    }),
    getQuestion: build.query<QuestionDetail, string>({
      query: (id) => `api/hive/questions/${encodeURIComponent(id)}`,
      transformResponse: detail,
      providesTags: [HIVE],
    }),
    askQuestion: build.mutation<QuestionDetail, AskQuestionInput>({
      query: (body) => ({ url: 'api/hive/questions', method: 'POST', body }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    answerQuestion: build.mutation<QuestionDetail, { id: string; body: string }>({
      query: ({ id, body }) => ({ url: `api/hive/questions/${encodeURIComponent(id)}/answers`, method: 'POST', body: { body } }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    voteOnHive: build.mutation<QuestionDetail, { id: string; answerId?: string; vote: boolean }>({
      query: ({ id, answerId, vote }) => ({
        url: `api/hive/questions/${encodeURIComponent(id)}${answerId ? `/answers/${encodeURIComponent(answerId)}` : ''}/vote`,
        method: 'PUT',
        body: { vote },
      }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    acceptAnswer: build.mutation<QuestionDetail, { id: string; answerId: string | null }>({
      query: ({ id, answerId }) => ({ url: `api/hive/questions/${encodeURIComponent(id)}/accepted`, method: 'PUT', body: { answerId } }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    promoteToFaq: build.mutation<{ entryId: string }, { id: string; topic: string }>({
      query: ({ id, topic }) => ({ url: `api/hive/questions/${encodeURIComponent(id)}/promote`, method: 'POST', body: { topic } }),
      invalidatesTags: [HIVE, 'Faq'],
    }),
  }),
});

export const {
  useListQuestionsQuery,
  useGetQuestionQuery,
  useAskQuestionMutation,
  useAnswerQuestionMutation,
  useVoteOnHiveMutation,
  useAcceptAnswerMutation,
  usePromoteToFaqMutation,
} = hiveApi;
