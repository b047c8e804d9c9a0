// The start of the small connector programs the engine's tests write (node scripts speaking the
// Airbyte protocol): the command line, `flag(name)` for its files, `emit(message)` for stdout, and
// `exit(code)`, which waits until what was written is out (stdout to a pipe is asynchronous once the
// pipe is full, as when the engine holds a connector back while it commits), as the shipped
// connectors do.
export const CONNECTOR_PREAMBLE = `const fs = require('node:fs');
const [operation, ...argv] = process.argv.slice(2);
const flag = (name) => { const at = argv.indexOf(name); return at === -1 ? null : argv[at + 1]; };
const emit = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const exit = (code) => process.stdout.write('', () => process.exit(code));
`;
