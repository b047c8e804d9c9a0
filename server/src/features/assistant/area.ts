// The help assistant: answers by retrieval from the knowledge base, FAQ and accepted Hive answers.
import { defineArea } from '../../platform/area/index.js';
import { helpSearchSources } from '../../platform/ports/index.js';
import { registerAssistantRoutes } from './assistantRoutes.js';

export const area = defineArea({
  id: 'assistant',
  register({ app, ports }) {
    // The sources as the areas listed before and after this one add them (read at each question).
    registerAssistantRoutes(app, ports.contributions(helpSearchSources));
  },
});
