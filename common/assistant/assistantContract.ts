// The help assistant (POST /api/assistant/ask): answers by retrieval from the knowledge base,
// the FAQ and accepted Hive answers the caller may read, always with the places it took them from.
import { z } from 'zod';
import { highlightedText } from '../search/highlightedText';

export const QUESTION_MAX = 1_000;

/** Where a passage comes from: the help content, or (`figures`) the portal's own live figures, e.g. the Cost page's. */
export const assistantSources = ['article', 'faq', 'hive', 'figures'] as const;
export type AssistantSource = (typeof assistantSources)[number];

export const assistantPassage = z.object({
  source: z.enum(assistantSources),
  id: z.string(),
  /** The article's title, the FAQ question or the Hive question. */
  title: z.string(),
  /** The best-matching paragraph, highlighted. */
  text: highlightedText,
  /** Where the whole text is, in the portal (`/app/…`). */
  link: z.string(),
});
export type AssistantPassage = z.infer<typeof assistantPassage>;

export const askBody = z.strictObject(
  {
    question: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be empty')
      .max(QUESTION_MAX, `must be at most ${QUESTION_MAX} characters`),
  },
  { error: 'must be a JSON object' },
);
export const askResponse = z.object({
  /** false: nothing in the knowledge base, FAQ or Hive answers it. */
  found: z.boolean(),
  passages: z.array(assistantPassage),
  tookMs: z.number(),
});
export type AskResponse = z.infer<typeof askResponse>;
