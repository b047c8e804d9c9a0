// A piece of text with the words a search matched marked, as every search of the portal answers
// it (the catalog, the knowledge base, Hive, the help assistant): render `match` parts as <mark>.
import { z } from 'zod';

export const highlightedText = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type HighlightedText = z.infer<typeof highlightedText>;
