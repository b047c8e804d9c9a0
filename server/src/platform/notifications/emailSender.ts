// E-mail for notifications, through an SMTP server (nodemailer). The settings come from
// SMTP_URL or SMTP_HOST/SMTP_PORT/SMTP_USER/SMTP_PASSWORD, with SMTP_FROM as the sender; with
// none of them, e-mail is off. The password is never logged: only host and port are.
import nodemailer from 'nodemailer';

export interface SmtpSettings {
  /** smtp://user:pass@host:port or smtps://… (takes precedence over the fields below). */
  url: string | null;
  host: string | null;
  port: number;
  user: string | null;
  password: string | null;
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  from: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  /** Where mail goes, for logs and the preferences page (never the credentials). */
  readonly describe: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function smtpConfigured(settings: SmtpSettings | null): settings is SmtpSettings {
  return settings !== null && (settings.url !== null || settings.host !== null);
}

export function createEmailSender(settings: SmtpSettings): EmailSender {
  const transport = settings.url
    ? nodemailer.createTransport(settings.url)
    : nodemailer.createTransport({
        host: settings.host ?? 'localhost',
        port: settings.port,
        secure: settings.secure,
        ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
      });
  const describe = settings.url ? safeUrl(settings.url) : `${settings.host ?? 'localhost'}:${settings.port}`;
  return {
    describe,
    async send(email) {
      await transport.sendMail({ from: settings.from, to: email.to, subject: email.subject, text: email.text });
    },
    close: () => transport.close(),
  };
}

/** The URL without its credentials. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'the configured SMTP server';
  }
}
