// Reads a connector's stdout as Airbyte messages: one JSON object per line. A line that is not
// JSON, or JSON that is not a protocol message, stops the run with the line's number and what is
// wrong with it; a line longer than the limit does too, before it can exhaust memory.
import type { Readable } from 'node:stream';
import { AirbyteMessage } from '@common/integrations/airbyteProtocol';

export class ConnectorOutputError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line} of the connector's output ${reason}`);
    this.name = 'ConnectorOutputError';
  }
}

/** A record of more than this is refused (Airbyte's own platform limit is of the same order). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

export function parseMessage(text: string, line: number): AirbyteMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConnectorOutputError(line, `is not JSON: "${preview(text)}"`);
  }
  const parsed = AirbyteMessage.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ConnectorOutputError(line, `is not an Airbyte message${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Yields each message in order; waits for the caller between messages, so a slow writer holds the connector back. */
export async function* readMessages(output: Readable, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<AirbyteMessage> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  for await (const chunk of output) {
    let buffer = chunk as Buffer;
    let newline = buffer.indexOf(0x0a);
    while (newline !== -1) {
      pending.push(buffer.subarray(0, newline));
      pendingBytes += newline;
      line += 1;
      if (pendingBytes > maxLineBytes) throw new ConnectorOutputError(line, `is longer than ${maxLineBytes} bytes.`);
      const text = Buffer.concat(pending, pendingBytes).toString('utf8').trim();
      pending = [];
      pendingBytes = 0;
      if (text) yield parseMessage(text, line);
      buffer = buffer.subarray(newline + 1);
      newline = buffer.indexOf(0x0a);
    }
    if (buffer.length) {
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes > maxLineBytes) throw new ConnectorOutputError(line + 1, `is longer than ${maxLineBytes} bytes.`);
    }
  }
  const rest = Buffer.concat(pending, pendingBytes).toString('utf8').trim();
  if (rest) yield parseMessage(rest, line + 1);
}
