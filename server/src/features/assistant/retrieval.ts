// The help assistant's retrieval: the question's significant words are looked up (any of them,
// as prefixes) in the help search sources (knowledge base, FAQ, accepted Hive answers) the caller
// may read; each candidate's best paragraph is scored by how many of the
// words it and its title hold, and only passages holding enough of them are answered with —
// otherwise the assistant says plainly that nothing matches. A question about the bill going up
// is answered first with the figures themselves, for those who may open the Cost page (costAnswer.ts).
import { canOpen } from '@common/access/access';
import type { AskResponse, AssistantPassage } from '@common/assistant/assistantContract';
import { faqEntryPath, hiveQuestionPath, knowledgeArticlePath } from '@common/paths';
import { anyWordQuery, highlightedExtract, markdownToPlain, significantWords } from '../../platform/search/index.js';
import type { CostFigures, HelpCandidate, HelpSearchSource } from '../../platform/ports/index.js';
import { asksAboutBill, costPassage } from './costAnswer.js';

const CANDIDATES = 8;
const ANSWERS = 3;
const PASSAGE_LENGTH = 320;

type Candidate = HelpCandidate;

const wordsIn = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const holds = (textWords: Set<string>, word: string) => [...textWords].some((w) => w.startsWith(word));

/** How many of the words a passage needs: all of one or two, at least half of more. */
export function wordsNeeded(count: number): number {
  return count <= 2 ? count : Math.ceil(count / 2);
}

function bestPassage(candidate: Candidate, words: readonly string[]): { score: number; matched: number; paragraph: string } {
  const titleWords = wordsIn(candidate.title);
  const paragraphs = markdownToPlain(candidate.text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  let best = { score: -1, matched: 0, paragraph: paragraphs[0] ?? '' };
  for (const paragraph of paragraphs.length > 0 ? paragraphs : ['']) {
    const paragraphWords = wordsIn(paragraph);
    let matched = 0;
    let score = 0;
    for (const word of words) {
      const inTitle = holds(titleWords, word);
      const inParagraph = holds(paragraphWords, word);
      if (inTitle || inParagraph) matched += 1;
      score += (inTitle ? 2 : 0) + (inParagraph ? 1 : 0);
    }
    if (score > best.score) best = { score, matched, paragraph };
  }
  return best;
}

const linkOf = (candidate: Candidate) =>
  candidate.source === 'article'
    ? knowledgeArticlePath(candidate.id)
    : candidate.source === 'faq'
      ? faqEntryPath(candidate.id)
      : hiveQuestionPath(candidate.id);

/** The candidates of every source the caller may open (the access table), best first within each. */
async function candidates(sources: readonly HelpSearchSource[], organisation: string, roles: readonly string[], tsquery: string) {
  const allowed = sources.filter((source) => canOpen(roles, source.route));
  return (await Promise.all(allowed.map((source) => source.search(organisation, tsquery, CANDIDATES)))).flat();
}

/** The figures that answer "why did my bill go up?", or null (not that question, no access, no usage, warehouse unreachable). */
async function costFigures(
  figures: CostFigures | null,
  organisation: string,
  roles: readonly string[],
  question: string,
): Promise<AssistantPassage | null> {
  if (!figures || !asksAboutBill(question) || !canOpen(roles, 'snowflakeCost')) return null;
  // The figures are a bonus on top of retrieval: a warehouse that cannot answer leaves the usual answer.
  const movers = await figures.monthMovers(organisation).catch(() => null);
  return movers ? costPassage(movers) : null;
}

export async function answerQuestion(
  sources: readonly HelpSearchSource[],
  organisation: string,
  roles: readonly string[],
  question: string,
  figures: CostFigures | null = null,
): Promise<AskResponse> {
  const started = performance.now();
  const words = significantWords(question);
  const costAnswer = await costFigures(figures, organisation, roles, question);
  const done = (found: AssistantPassage[]): AskResponse => {
    // The figures come first; retrieval's passages fill the rest.
    const passages = costAnswer ? [costAnswer, ...found].slice(0, ANSWERS) : found;
    return { found: passages.length > 0, passages, tookMs: Math.round((performance.now() - started) * 10) / 10 };
  };
  if (words.length === 0) return done([]);
  const needed = wordsNeeded(words.length);
  const scored = (await candidates(sources, organisation, roles, anyWordQuery(words)))
    .map((candidate) => ({ candidate, ...bestPassage(candidate, words) }))
    .filter((entry) => entry.matched >= needed)
    .sort((a, b) => b.matched - a.matched || b.score - a.score || b.candidate.rank - a.candidate.rank);
  return done(
    scored.slice(0, ANSWERS).map(({ candidate, paragraph }) => ({
      source: candidate.source,
      id: candidate.id,
      title: candidate.title,
      text: highlightedExtract(paragraph, words, PASSAGE_LENGTH),
      link: linkOf(candidate),
    })),
  );
}
