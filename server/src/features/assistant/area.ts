// The help assistant: answers by retrieval from the knowledge base, FAQ and accepted Hive answers.
import { defineArea } from '../../platform/area/index.js';
import { registerAssistantRoutes } from './assistantRoutes.js';

export const area = defineArea({
  id: 'assistant',
  register({ app, db }) {
    registerAssistantRoutes(app, db);
  },
});
