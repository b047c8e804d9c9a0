// Reads the SMTP settings of notification e-mail from the environment (README, "Settings").
// None set: e-mail is off, and the preferences page says so.
import type { SmtpSettings } from './emailSender.js';

type Env = Record<string, string | undefined>;

export function loadSmtpSettings(env: Env): SmtpSettings | null {
  const value = (name: string) => env[name]?.trim() || null;
  const url = value('SMTP_URL');
  const host = value('SMTP_HOST');
  if (!url && !host) return null;
  if (url && !/^smtps?:\/\//.test(url)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const portText = value('SMTP_PORT') ?? '587';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    throw new Error(`SMTP_PORT must be a port number between 1 and 65535, got "${portText}"`);
  const secureText = (value('SMTP_SECURE') ?? String(port === 465)).toLowerCase();
  if (secureText !== 'true' && secureText !== 'false') throw new Error(`SMTP_SECURE must be true or false, got "${secureText}"`);
  return {
    url,
    host,
    port,
    user: value('SMTP_USER'),
    password: env.SMTP_PASSWORD ?? null,
    secure: secureText === 'true',
    from: value('SMTP_FROM') ?? 'Dataworks <no-reply@localhost>',
  };
}
