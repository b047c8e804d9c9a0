// A real SMTP server on loopback that keeps every message it is given: the suites that check
// what the portal sends by e-mail (invitations, notifications, alerts) start one each. It can
// refuse the first messages with a temporary failure, to test the senders' retries.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, comma-separated. */
  to: string;
  /** The whole message as sent (headers and body, as encoded on the wire). */
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  /** The portal settings that send through it. */
  env: Record<string, string>;
  /** How many messages it has refused so far. */
  refusedCount(): number;
  close(): Promise<void>;
}

export interface SmtpReceiverOptions {
  from?: string;
  /** Refuse this many messages first (451, try again later). */
  refuseFirst?: number;
}

export async function startSmtpReceiver({
  from = 'Dataworks <support@dataworks.test>',
  refuseFirst = 0,
}: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (refused < refuseFirst) {
          refused += 1;
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: from },
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
