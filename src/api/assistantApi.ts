// The help assistant's one call. A mutation, not a query: each question is asked once, and the
// conversation (not the cache) keeps the answers.
import type { AskResponse } from '@common/assistant/assistantContract';
import { baseApi } from './baseApi';

export const assistantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    askAssistant: build.mutation<AskResponse, string>({
      query: (question) => ({ url: 'api/assistant/ask', method: 'POST', body: { question } }),
    }),
  }),
});

export const { useAskAssistantMutation } = assistantApi;
