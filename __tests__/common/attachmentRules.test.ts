// Which files a ticket takes: judged by what the file is, whatever name the browser gives its type
// (Chromium sends `.log` as text/x-log), and never an HTML or an executable.
import { attachmentProblem, attachmentTypeOf } from '@common/support/supportRules';

it.each([
  ['sync.log', 'text/x-log', 'text/plain'],
  ['sync.log', 'application/octet-stream', 'text/plain'],
  ['notes.md', 'text/markdown', 'text/plain'],
  ['query.sql', 'application/sql', 'text/plain'],
  ['export.csv', 'application/csv', 'text/csv'],
  ['bundle.zip', 'application/x-zip-compressed', 'application/zip'],
  ['shot.png', 'image/png; charset=binary', 'image/png'],
  ['noextension', '', 'application/octet-stream'],
])('%s sent as "%s" is kept as %s', (filename, declared, kept) => {
  expect(attachmentTypeOf(filename, declared)).toBe(kept);
});

it('takes a .log file as Chromium sends it, and still refuses HTML named .log', () => {
  expect(attachmentProblem('sync.log', attachmentTypeOf('sync.log', 'text/x-log'), 10)).toBeUndefined();
  expect(attachmentProblem('page.log', attachmentTypeOf('page.log', 'text/html'), 10)).toMatch(
    /^Files of type text\/html cannot be attached/,
  );
  expect(attachmentProblem('run.exe', attachmentTypeOf('run.exe', 'text/x-log'), 10)).toBe(
    'A text/plain file must end in .txt or .log or .sql or .md.',
  );
});
