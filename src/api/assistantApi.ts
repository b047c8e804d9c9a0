// The help assistant's one call. A mutation, not a query: each question is asked once, and the
// conversation (not the cache) keeps the answers.
import type { AskResponse } from '@common/assistant/assistantContract';
import { assistantEndpoints } from '@common/assistant/assistantEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

export const assistantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    askAssistant: build.mutation<AskResponse, string>({
      query: (question) => endpointRequest(assistantEndpoints.ask, { body: { question } }),
    }),
  }),
});

export const { useAskAssistantMutation } = assistantApi;
