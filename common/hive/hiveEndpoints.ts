// Hive's endpoints (common/api/endpoint.ts): the server registers its routes from them and the
// browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type { AskQuestionInput, QuestionDetail, QuestionListQuery, QuestionListResponse } from './hiveContract';

type One = { question: QuestionDetail };
type ById = { id: string };

export const hiveEndpoints = {
  list: endpoint<{ query: QuestionListQuery; response: QuestionListResponse }>()('GET', '/api/hive/questions'),
  get: endpoint<{ params: ById; response: One }>()('GET', '/api/hive/questions/:id'),
  ask: endpoint<{ body: AskQuestionInput; response: One }>()('POST', '/api/hive/questions', 201),
  answer: endpoint<{ params: ById; body: { body: string }; response: One }>()('POST', '/api/hive/questions/:id/answers', 201),
  vote: endpoint<{ params: ById; body: { vote: boolean }; response: One }>()('PUT', '/api/hive/questions/:id/vote'),
  voteOnAnswer: endpoint<{ params: ById & { answerId: string }; body: { vote: boolean }; response: One }>()(
    'PUT',
    '/api/hive/questions/:id/answers/:answerId/vote',
  ),
  accept: endpoint<{ params: ById; body: { answerId: string | null }; response: One }>()('PUT', '/api/hive/questions/:id/accepted'),
  promote: endpoint<{ params: ById; body: { topic: string }; response: { entryId: string } }>()(
    'POST',
    '/api/hive/questions/:id/promote',
    201,
  ),
};
