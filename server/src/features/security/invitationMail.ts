// Invitations by e-mail through the portal's own SMTP settings (the same as notification
// e-mail), when they are set: the new member gets the one-time link and the admin sees only
// that it was sent. Without SMTP, or when sending fails, the admin gets the link to pass on.
// The link is never logged.
import type { FastifyBaseLogger } from 'fastify';
import { createEmailSender, smtpConfigured, type EmailSender, type SmtpSettings } from '../../platform/notifications/emailSender.js';

export interface InvitationMailer {
  /** True when the e-mail went out. */
  send(to: { email: string; firstName: string; username: string }, link: string, organisation: string): Promise<boolean>;
  close(): void;
}

export function createInvitationMailer(smtp: SmtpSettings | null, log: FastifyBaseLogger): InvitationMailer {
  const sender: EmailSender | null = smtpConfigured(smtp) ? createEmailSender(smtp) : null;
  return {
    async send(to, link, organisation) {
      if (!sender) return false;
      try {
        await sender.send({
          to: to.email,
          subject: `You are invited to Dataworks (${organisation})`,
          text: [
            `Hello ${to.firstName},`,
            '',
            `An administrator of ${organisation} invited you to the Dataworks portal. Your username is ${to.username}.`,
            'Choose your password here (the link works once, for 72 hours):',
            '',
            link,
          ].join('\n'),
        });
        return true;
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error), via: sender.describe },
          'invitation e-mail could not be sent; the link is shown to the admin instead',
        );
        return false;
      }
    },
    close: () => sender?.close(),
  };
}
