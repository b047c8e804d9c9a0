// Hive (/api/hive): the organisation's community questions and answers. Votes are one per user
// and question or answer; the asker accepts an answer; admins promote a question to the FAQ.
import { z } from 'zod';
import { highlightedText } from '../search/highlightedText';
import { LABEL_MAX, MARKDOWN_MAX, TITLE_MAX, lineText, markdownText, searchText, tagList } from '../workspace/fieldRules';

export const hiveSorts = ['newest', 'votes', 'unanswered'] as const;
export type HiveSort = (typeof hiveSorts)[number];

export const questionSummary = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  authorUsername: z.string(),
  createdAt: z.string(),
  votes: z.number(),
  answers: z.number(),
  accepted: z.boolean(),
  titleHighlight: highlightedText,
  extract: highlightedText,
});
export type QuestionSummary = z.infer<typeof questionSummary>;

export const hiveAnswer = z.object({
  id: z.string(),
  body: z.string(),
  authorUsername: z.string(),
  createdAt: z.string(),
  votes: z.number(),
  myVote: z.boolean(),
  accepted: z.boolean(),
});
export type HiveAnswer = z.infer<typeof hiveAnswer>;

export const questionDetail = questionSummary.extend({
  body: z.string(),
  myVote: z.boolean(),
  /** The caller asked it, so may accept an answer. */
  mine: z.boolean(),
  canPromote: z.boolean(),
  /** The FAQ entry made from it, if any. */
  faqEntryId: z.string().nullable(),
  answerList: z.array(hiveAnswer),
});
export type QuestionDetail = z.infer<typeof questionDetail>;

export const questionListQuery = z.object({ q: searchText, tag: z.string().max(LABEL_MAX).optional(), sort: z.enum(hiveSorts).optional() });
export type QuestionListQuery = z.input<typeof questionListQuery>;
export const questionListResponse = z.object({ questions: z.array(questionSummary), total: z.number(), tookMs: z.number() });
export type QuestionListResponse = z.infer<typeof questionListResponse>;

export const askQuestionBody = z.strictObject(
  { title: lineText(TITLE_MAX), body: markdownText(MARKDOWN_MAX), tags: tagList.default([]) },
  { error: 'must be a JSON object' },
);
export type AskQuestionInput = z.input<typeof askQuestionBody>;
export const answerBody = z.strictObject({ body: markdownText(MARKDOWN_MAX) }, { error: 'must be a JSON object' });
export const acceptBody = z.strictObject({ answerId: z.uuid('must be an answer id').nullable() }, { error: 'must be a JSON object' });
export const promoteBody = z.strictObject({ topic: lineText(LABEL_MAX) }, { error: 'must be a JSON object' });
export const voteBody = z.strictObject({ vote: z.boolean({ error: 'must be true or false' }) }, { error: 'must be a JSON object' });
export const questionResponse = z.object({ question: questionDetail });
export const answerIdParams = z.object({ id: z.uuid('must be a question id'), answerId: z.uuid('must be an answer id') });
