import { Readable } from 'node:stream';
import { ConnectorOutputError, readMessages } from '../../../../../server/src/features/integrations/engine/messageReader';

const collect = async (chunks: string[], maxLineBytes?: number) => {
  const types: string[] = [];
  for await (const message of readMessages(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), maxLineBytes))
    types.push(message.type);
  return types;
};

const log = (text: string) => JSON.stringify({ type: 'LOG', log: { level: 'INFO', message: text } });

it('joins lines split across chunks, skips blank lines and reads a last line without a newline', async () => {
  const line = log('über 🚀');
  const bytes = Buffer.from(`${line}\n\n${log('two')}\n${log('three')}`);
  // Split inside a multi-byte character as well.
  const cut = bytes.indexOf(Buffer.from('🚀')) + 2;
  const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
  const types: string[] = [];
  const messages = [];
  for await (const message of readMessages(Readable.from(chunks))) {
    types.push(message.type);
    messages.push(message);
  }
  expect(types).toEqual(['LOG', 'LOG', 'LOG']);
  expect(messages[0]?.log?.message).toBe('über 🚀');
});

it('keeps unknown fields of newer protocol versions', async () => {
  const messages = [];
  for await (const message of readMessages(
    Readable.from([Buffer.from(JSON.stringify({ type: 'LOG', log: { level: 'INFO', message: 'x', future: 1 }, extra: true }))]),
  ))
    messages.push(message);
  expect(messages[0]).toMatchObject({ extra: true, log: { future: 1 } });
});

it('refuses a line longer than the limit before reading it whole', async () => {
  await expect(collect([log('a'), '\n', 'x'.repeat(600), 'y'.repeat(600)], 1000)).rejects.toThrow(
    new ConnectorOutputError(2, 'is longer than 1000 bytes.'),
  );
});

it('refuses a type it does not know, naming the line', async () => {
  await expect(collect([`${log('ok')}\n{"type":"HEARTBEAT"}\n`])).rejects.toThrow(
    /^Line 2 of the connector's output is not an Airbyte message at type: /,
  );
});
