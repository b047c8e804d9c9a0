// Alerts by e-mail when the portal has an SMTP server: a rule's e-mail destination reaches every
// address it lists, through a real SMTP conversation with a local server.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
let smtp: SMTPServer;
const mails: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  portal = await startPortal({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Dataworks <alerts@dataworks.test>', DBT_FRESHNESS_CHECK_MINUTES: '0' } });
});
afterAll(async () => {
  await portal?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test("a rule's test alert goes by e-mail to each of its addresses, and the log says sent", async () => {
  const token = await portal.token('docs');
  const rules = await portal.api('GET', '/api/catalog/alerts/rules', { token });
  expect(rules.body).toMatchObject({ emailAvailable: true });
  const created = await portal.api('POST', '/api/catalog/alerts/rules', {
    token,
    body: { name: 'Stale sources by mail', trigger: 'freshness_error', destinations: [{ kind: 'email', addresses: ['data-team@acme.example', 'oncall@acme.example'] }] },
  });
  expect(created.status).toBe(201);
  const ruleId = (created.body as { rule: { id: string } }).rule.id;
  expect((await portal.api('POST', `/api/catalog/alerts/rules/${ruleId}/test`, { token })).status).toBe(202);

  const deadline = Date.now() + 30_000;
  let log: { status: string; target: string; attempts: number }[] = [];
  while (Date.now() < deadline) {
    log = ((await portal.api('GET', `/api/catalog/alerts/deliveries?ruleId=${ruleId}`, { token })).body as { deliveries: typeof log }).deliveries;
    if (log[0]?.status === 'sent') break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  expect(log).toEqual([expect.objectContaining({ status: 'sent', target: 'data-team@acme.example, oncall@acme.example', attempts: 1 })]);
  expect(mails.flatMap((mail) => mail.to).sort()).toEqual(['data-team@acme.example', 'oncall@acme.example']);
  const text = (mails[0]?.raw ?? '').replace(/=\r?\n/g, '');
  // The subject is MIME-encoded ("[Dataworks alert] [Test] …"), the body quoted-printable.
  expect(text).toMatch(/^Subject: =\?UTF-8\?Q\?=5BDataworks_alert=5D_=5BTest=5D_Test_al/m);
  expect(text).toContain('Test alert from the rule "Stale sources by mail"');
  expect(text).toContain('Open it in the portal: http://localhost:');
  expect(text).toMatch(/severity 2 =C2=B7 alert rule "Stale sources by mail"\./);
});
