// The knowledge base and FAQ: articles with votes and related articles, FAQ entries
// by topic, and the demo organisations' starting content. app/portalServer.ts registers them.
export { registerKnowledgeRoutes } from './knowledgeRoutes.js';
export { seedKnowledge } from './knowledgeSeed.js';
