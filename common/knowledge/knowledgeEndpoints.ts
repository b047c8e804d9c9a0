// The knowledge base's and FAQ's endpoints (common/api/endpoint.ts): the server registers its
// routes from them and the browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type {
  ArticleDetail,
  ArticleInput,
  ArticleListQuery,
  ArticleListResponse,
  ArticleUpdate,
  FaqEntry,
  FaqInput,
  FaqListResponse,
} from './knowledgeContract';

type Article = { article: ArticleDetail };
type Entry = { entry: FaqEntry };
type ById = { id: string };

export const knowledgeEndpoints = {
  articles: endpoint<{ query: ArticleListQuery; response: ArticleListResponse }>()('GET', '/api/kb/articles'),
  article: endpoint<{ params: ById; response: Article }>()('GET', '/api/kb/articles/:id'),
  createArticle: endpoint<{ body: ArticleInput; response: Article }>()('POST', '/api/kb/articles', 201),
  updateArticle: endpoint<{ params: ById; body: ArticleUpdate; response: Article }>()('PATCH', '/api/kb/articles/:id'),
  deleteArticle: endpoint<{ params: ById; response: void }>()('DELETE', '/api/kb/articles/:id', 204),
  voteOnArticle: endpoint<{ params: ById; body: { helpful: boolean }; response: Article }>()('PUT', '/api/kb/articles/:id/vote'),
  faq: endpoint<{ query: { q?: string }; response: FaqListResponse }>()('GET', '/api/faq'),
  createFaq: endpoint<{ body: FaqInput; response: Entry }>()('POST', '/api/faq', 201),
  updateFaq: endpoint<{ params: ById; body: Partial<FaqInput>; response: Entry }>()('PATCH', '/api/faq/:id'),
  deleteFaq: endpoint<{ params: ById; response: void }>()('DELETE', '/api/faq/:id', 204),
};
