// Text someone typed, placed inside markdown the portal writes (a notification's body), so it
// reads as the words they typed: every character markdown gives a meaning is escaped, so their
// text can make no link, image, heading or emphasis in someone else's inbox.
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!<>|~]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, (character) => `\\${character}`);
}

/** The text as a markdown block quote, escaped, line by line. */
export function quotedPlainText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `> ${escapeMarkdown(line)}`)
    .join('\n');
}
