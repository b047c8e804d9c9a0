// The help assistant: answers by retrieval from the knowledge base, FAQ and accepted Hive answers.
export { registerAssistantRoutes } from './assistantRoutes.js';
export { answerQuestion } from './retrieval.js';
