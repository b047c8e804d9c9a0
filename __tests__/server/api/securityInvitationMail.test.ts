// Invitations by e-mail when the portal has SMTP settings: the new member gets the one-time
// link, the admin's answer no longer carries it, and the link opens the page to choose a password.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
let smtp: SMTPServer;
const mails: { to: string; raw: string }[] = [];
beforeAll(async () => {
  smtp = new SMTPServer({
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
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  portal = await startPortal({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Dataworks <support@dataworks.test>' } });
});
afterAll(async () => {
  await portal?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test('the invitation goes by e-mail and its link is not in the answer', async () => {
  const token = await portal.token('admin');
  const answer = await portal.api('POST', '/api/security/members', {
    token,
    body: { username: 'mailed', email: 'mailed@acme.example', firstName: 'Mai', lastName: 'Led', roles: [] },
  });
  expect(answer.status).toBe(201);
  expect(answer.body).toEqual(expect.objectContaining({ actionLink: null, emailSent: true }));
  const mail = mails.find((sent) => sent.to === 'mailed@acme.example');
  // Quoted-printable folds long lines with a trailing "=" and writes "=" as "=3D".
  const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(http:\/\/localhost:\d+\/realms\/dataworks\/login-actions\/action-token\?key=[\w-]+)/.exec(text)?.[1];
  expect(link).toBeTruthy();
  expect(portal.logs()).not.toContain(link);

  const page = await fetch(link ?? '');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Choose a new password');
});
