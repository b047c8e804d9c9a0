// Hive's questions and answers as the page reads and changes them; requests are built from the
// endpoints' descriptions (common/hive/hiveEndpoints.ts).
import type { AskQuestionInput, QuestionDetail, QuestionListQuery, QuestionListResponse } from '@common/hive/hiveContract';
import { endpointUrl } from '@common/api/endpoint';
import { hiveEndpoints as endpoints } from '@common/hive/hiveEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

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
      query: (query) => `${endpointUrl(endpoints.list)}${queryString(query)}`,
      providesTags: [HIVE],
    }),
    getQuestion: build.query<QuestionDetail, string>({
      query: (id) => endpointRequest(endpoints.get, { params: { id } }),
      transformResponse: detail,
      providesTags: [HIVE],
    }),
    askQuestion: build.mutation<QuestionDetail, AskQuestionInput>({
      query: (body) => endpointRequest(endpoints.ask, { body }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    answerQuestion: build.mutation<QuestionDetail, { id: string; body: string }>({
      query: ({ id, body }) => endpointRequest(endpoints.answer, { params: { id }, body: { body } }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    voteOnHive: build.mutation<QuestionDetail, { id: string; answerId?: string; vote: boolean }>({
      query: ({ id, answerId, vote }) =>
        answerId
          ? endpointRequest(endpoints.voteOnAnswer, { params: { id, answerId }, body: { vote } })
          : endpointRequest(endpoints.vote, { params: { id }, body: { vote } }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    acceptAnswer: build.mutation<QuestionDetail, { id: string; answerId: string | null }>({
      query: ({ id, answerId }) => endpointRequest(endpoints.accept, { params: { id }, body: { answerId } }),
      transformResponse: detail,
      invalidatesTags: [HIVE],
    }),
    promoteToFaq: build.mutation<{ entryId: string }, { id: string; topic: string }>({
      query: ({ id, topic }) => endpointRequest(endpoints.promote, { params: { id }, body: { topic } }),
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
