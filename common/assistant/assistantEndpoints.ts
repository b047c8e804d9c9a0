// The help assistant's endpoint (common/api/endpoint.ts): types only come from the contract.
import { endpoint } from '../api/endpoint';
import type { AskResponse } from './assistantContract';

export const assistantEndpoints = {
  ask: endpoint<{ body: { question: string }; response: AskResponse }>()('POST', '/api/assistant/ask'),
};
