// Someone's typed words inside markdown the portal writes stay their words: no link, image or emphasis.
import { escapeMarkdown, quotedPlainText } from '@common/text/markdownEscape';

it('escapes everything markdown gives a meaning', () => {
  expect(escapeMarkdown('[click here](http://evil.example) **now** ![x](y)')).toBe(
    '\\[click here\\]\\(http://evil\\.example\\) \\*\\*now\\*\\* \\!\\[x\\]\\(y\\)',
  );
  expect(escapeMarkdown('plain words')).toBe('plain words');
});

it('quotes each line', () => {
  expect(quotedPlainText('first\n# second')).toBe('> first\n> \\# second');
});
