// The help assistant: answers by retrieval from the knowledge base, FAQ and accepted Hive answers,
// and "why did my bill go up?" with the Cost page's figures.
import { defineArea } from '../../platform/area/index.js';
import { costFiguresPort, helpSearchSources } from '../../platform/ports/index.js';
import { registerAssistantRoutes } from './assistantRoutes.js';

export const area = defineArea({
  id: 'assistant',
  register({ app, ports }) {
    // The sources as the areas listed before and after this one add them (read at each question).
    // The warehouse area, listed before this one, provides the cost figures; without it the assistant answers by retrieval alone.
    registerAssistantRoutes(app, ports.contributions(helpSearchSources), ports.find(costFiguresPort));
  },
});
