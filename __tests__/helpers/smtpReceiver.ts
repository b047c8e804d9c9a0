// A real SMTP server on loopback that keeps every message it is given: the suites that check
// what the portal sends by e-mail (invitations, notifications, alerts) start one each.
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
  close(): Promise<void>;
}

export async function startSmtpReceiver(from = 'Dataworks <support@dataworks.test>'): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
