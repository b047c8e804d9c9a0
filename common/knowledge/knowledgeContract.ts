// The knowledge base (/api/kb/articles) and the FAQ (/api/faq): request schemas the server
// validates with and the shapes both sides use. The browser imports types only from here.
import { z } from 'zod';
import { highlightedText } from '../search/highlightedText';
import { LABEL_MAX, MARKDOWN_MAX, TITLE_MAX, lineText, markdownText, searchText, tagList } from '../workspace/fieldRules';

export const articleStatuses = ['draft', 'published'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const articleSummary = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  status: z.enum(articleStatuses),
  authorUsername: z.string(),
  updatedAt: z.string(),
  helpful: z.object({ yes: z.number(), no: z.number() }),
  titleHighlight: highlightedText,
  extract: highlightedText,
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const articleDetail = articleSummary.extend({
  body: z.string(),
  createdAt: z.string(),
  /** The caller's own vote: true helpful, false not, null none yet. */
  myVote: z.boolean().nullable(),
  related: z.array(z.object({ id: z.string(), title: z.string(), category: z.string() })),
  canEdit: z.boolean(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articleListQuery = z.object({
  q: searchText,
  category: z.string().max(LABEL_MAX).optional(),
  tag: z.string().max(LABEL_MAX).optional(),
  /** Drafts are listed for editors only. */
  status: z.enum(['published', 'draft', 'all']).optional(),
});
export type ArticleListQuery = z.input<typeof articleListQuery>;

export const articleListResponse = z.object({
  articles: z.array(articleSummary),
  total: z.number(),
  categories: z.array(z.object({ value: z.string(), count: z.number() })),
  canEdit: z.boolean(),
  tookMs: z.number(),
});
export type ArticleListResponse = z.infer<typeof articleListResponse>;

const articleFields = {
  title: lineText(TITLE_MAX),
  body: markdownText(MARKDOWN_MAX),
  category: lineText(LABEL_MAX),
  tags: tagList,
  status: z.enum(articleStatuses, { error: 'must be "draft" or "published"' }),
};
export const createArticleBody = z.strictObject(
  { ...articleFields, tags: tagList.default([]), status: articleFields.status.default('draft') },
  { error: 'must be a JSON object' },
);
export type ArticleInput = z.input<typeof createArticleBody>;
export const updateArticleBody = z
  .strictObject(
    {
      title: articleFields.title.optional(),
      body: articleFields.body.optional(),
      category: articleFields.category.optional(),
      tags: tagList.optional(),
      status: articleFields.status.optional(),
    },
    { error: 'must be a JSON object' },
  )
  .refine((body) => Object.keys(body).length > 0, 'give at least one of title, body, category, tags, status');
export type ArticleUpdate = z.input<typeof updateArticleBody>;

export const articleVoteBody = z.strictObject(
  { helpful: z.boolean({ error: 'must be true or false' }) },
  { error: 'must be a JSON object' },
);
export const articleResponse = z.object({ article: articleDetail });

export const faqEntry = z.object({
  id: z.string(),
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  position: z.number(),
  updatedAt: z.string(),
  /** Set when the entry was promoted from a Hive question. */
  hiveQuestionId: z.string().nullable(),
});
export type FaqEntry = z.infer<typeof faqEntry>;

export const faqListQuery = z.object({ q: searchText });
export const faqListResponse = z.object({ entries: z.array(faqEntry), canManage: z.boolean() });
export type FaqListResponse = z.infer<typeof faqListResponse>;

export const FAQ_ANSWER_MAX = 5_000;
const faqFields = {
  topic: lineText(LABEL_MAX),
  question: lineText(TITLE_MAX),
  answer: markdownText(FAQ_ANSWER_MAX),
  position: z.number().int('must be a whole number').min(0).max(10_000),
};
export const createFaqBody = z.strictObject({ ...faqFields, position: faqFields.position.optional() }, { error: 'must be a JSON object' });
export type FaqInput = z.input<typeof createFaqBody>;
export const updateFaqBody = z
  .strictObject(
    {
      topic: faqFields.topic.optional(),
      question: faqFields.question.optional(),
      answer: faqFields.answer.optional(),
      position: faqFields.position.optional(),
    },
    { error: 'must be a JSON object' },
  )
  .refine((body) => Object.keys(body).length > 0, 'give at least one of topic, question, answer, position');
export const faqEntryResponse = z.object({ entry: faqEntry });
