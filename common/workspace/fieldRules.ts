// The limits and checks of what people write in the workspace (knowledge base, FAQ, Hive,
// feature requests, projects), run by the server's route schemas and the browser's forms alike.
// Markdown is stored as written and rendered inert by the browser (no raw HTML, no script links).
import { z } from 'zod';

export const TITLE_MAX = 200;
export const MARKDOWN_MAX = 20_000;
export const COMMENT_MAX = 5_000;
export const LABEL_MAX = 60;
export const TAG_MAX = 40;
export const TAGS_MAX = 10;
export const SEARCH_TEXT_MAX = 500;

// One-line and Markdown text follow the portal's one text rule (common/text/textRules.ts).
export { lineText, markdownText, optionalText } from '../text/textRules';

export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** Tags: lower-case words with hyphens, each at most 40 characters, at most 10, duplicates dropped. */
export const tagList = z
  .array(
    z
      .string({ error: 'must be text' })
      .trim()
      .toLowerCase()
      .max(TAG_MAX, `must be at most ${TAG_MAX} characters`)
      .regex(TAG_PATTERN, 'must be lower-case letters, digits and hyphens'),
    { error: 'must be a list of tags' },
  )
  .max(TAGS_MAX, `must be at most ${TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

/** Splits what a person typed into a tags box ("snowflake, cost  dbt") into tags. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[\s,]+/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

export const searchText = z
  .string({ error: 'must be text' })
  .max(SEARCH_TEXT_MAX, `must be at most ${SEARCH_TEXT_MAX} characters`)
  .optional();

export const uuidParams = (what: string) => z.object({ id: z.uuid(`must be ${what} id`) });
