// The dev identity server sends no mail: what it would send (a password reset link, an e-mail
// verification link) is written to the log and appended to `outbox.jsonl` in its data directory,
// one JSON object per line, so a developer (or a browser test) can follow the link. A real
// deployment uses Keycloak, which mails them.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './log.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  link: string;
  /** Who it is about, for the log. */
  username: string;
}

export type Outbox = (mail: OutgoingMail) => Promise<void>;

export const OUTBOX_FILE = 'outbox.jsonl';

export function createOutbox(dataDir: string, log: Logger): Outbox {
  const file = path.join(dataDir, OUTBOX_FILE);
  return async (mail) => {
    log('info', `mail not sent (no mail server): ${mail.subject}`, { username: mail.username, email: mail.to, link: mail.link });
    try {
      await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), ...mail })}\n`, { mode: 0o600 });
    } catch (error) {
      log('warn', 'could not write to the outbox', { file, error: String(error) });
    }
  };
}
