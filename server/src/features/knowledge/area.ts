// The knowledge base and FAQ. Demo organisations start with articles about the portal.
import { DEMO_ORGANISATIONS } from '@common/demo/demoOrganisations';
import { defineArea } from '../../platform/area/index.js';
import { faqPort, helpSearchSources } from '../../platform/ports/index.js';
import { faqShelf } from './faqStore.js';
import { knowledgeSearchSources } from './helpSearch.js';
import { registerKnowledgeRoutes } from './knowledgeRoutes.js';
import { seedKnowledge } from './knowledgeSeed.js';

export const area = defineArea<{ config: { demoData: boolean } }>({
  id: 'knowledge',
  async register({ app, db, ports }, { config }) {
    ports.provide(faqPort, faqShelf);
    for (const source of knowledgeSearchSources(db)) ports.extend(helpSearchSources, source);
    if (config.demoData) await seedKnowledge(db, DEMO_ORGANISATIONS);
    registerKnowledgeRoutes(app, db);
  },
});
