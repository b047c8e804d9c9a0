// Invitations by e-mail when the portal has SMTP settings: the new member gets the one-time
// link, the admin's answer no longer carries it, and the link opens the page to choose a password.
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtpReceiver';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  portal = await startPortal({ env: smtp.env });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

test('the invitation goes by e-mail and its link is not in the answer', async () => {
  const token = await portal.token('admin');
  const answer = await portal.api('POST', '/api/security/members', {
    token,
    body: { username: 'mailed', email: 'mailed@acme.example', firstName: 'Mai', lastName: 'Led', roles: [] },
  });
  expect(answer.status).toBe(201);
  expect(answer.body).toEqual(expect.objectContaining({ actionLink: null, emailSent: true }));
  const mail = smtp.mails.find((sent) => sent.to === 'mailed@acme.example');
  // Quoted-printable folds long lines with a trailing "=" and writes "=" as "=3D".
  const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(http:\/\/localhost:\d+\/realms\/dataworks\/login-actions\/action-token\?key=[\w-]+)/.exec(text)?.[1];
  expect(link).toBeTruthy();
  expect(portal.logs()).not.toContain(link);

  const page = await fetch(link ?? '');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Choose a new password');
});
