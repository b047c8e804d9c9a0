// The conversation with the help assistant as text, for the support ticket it hands over to:
// every question, what the assistant answered and the links it cited.
import type { AskResponse } from '@common/assistant/assistantContract';

export interface Exchange {
  question: string;
  answer: AskResponse | null;
  error?: string;
}

const SUBJECT_MAX = 150;
const DESCRIPTION_MAX = 4000;

export function ticketSubject(exchanges: readonly Exchange[]): string {
  const first = exchanges[0]?.question.replace(/\s+/g, ' ').trim() ?? 'Question from the help assistant';
  return first.length > SUBJECT_MAX ? `${first.slice(0, SUBJECT_MAX - 1)}…` : first;
}

export function ticketDescription(exchanges: readonly Exchange[], origin: string): string {
  const lines = ['Asked the help assistant first:', ''];
  for (const exchange of exchanges) {
    lines.push(`**Q:** ${exchange.question}`);
    if (!exchange.answer) lines.push(`**Assistant:** ${exchange.error ?? 'no answer'}`);
    else if (!exchange.answer.found) lines.push('**Assistant:** nothing in the knowledge base, FAQ or Hive matched.');
    else for (const passage of exchange.answer.passages) lines.push(`- [${passage.title}](${origin}${passage.link})`);
    lines.push('');
  }
  const text = lines.join('\n').trim();
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}
