// Alerts by e-mail when the portal has an SMTP server: a rule's e-mail destination reaches every
// address it lists, through a real SMTP conversation with a local server.
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtpReceiver';
import { startPortal, type RunningPortal } from './portalServer';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(180_000);

let portal: RunningPortal;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver({ from: 'Dataworks <alerts@dataworks.test>' });
  portal = await startPortal({ env: { ...smtp.env, DBT_FRESHNESS_CHECK_MINUTES: '0' } });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

test("a rule's test alert goes by e-mail to each of its addresses, and the log says sent", async () => {
  const token = await portal.token('docs');
  const rules = await portal.api('GET', '/api/catalog/alerts/rules', { token });
  expect(rules.body).toMatchObject({ emailAvailable: true });
  const created = await portal.api('POST', '/api/catalog/alerts/rules', {
    token,
    body: {
      name: 'Stale sources by mail',
      trigger: 'freshness_error',
      destinations: [{ kind: 'email', addresses: ['data-team@acme.example', 'oncall@acme.example'] }],
    },
  });
  expect(created.status).toBe(201);
  const ruleId = (created.body as { rule: { id: string } }).rule.id;
  expect((await portal.api('POST', `/api/catalog/alerts/rules/${ruleId}/test`, { token })).status).toBe(202);

  let log: { status: string; target: string; attempts: number }[] = [];
  await waitFor(
    'the delivery to be sent',
    async () => {
      log = ((await portal.api('GET', `/api/catalog/alerts/deliveries?ruleId=${ruleId}`, { token })).body as { deliveries: typeof log })
        .deliveries;
      return log[0]?.status === 'sent';
    },
    { timeoutMs: 30_000, stepMs: 300 },
  );
  expect(log).toEqual([expect.objectContaining({ status: 'sent', target: 'data-team@acme.example, oncall@acme.example', attempts: 1 })]);
  expect(smtp.mails.flatMap((mail) => mail.to.split(',')).sort()).toEqual(['data-team@acme.example', 'oncall@acme.example']);
  const text = (smtp.mails[0]?.raw ?? '').replace(/=\r?\n/g, '');
  // The subject is MIME-encoded ("[Dataworks alert] [Test] …"), the body quoted-printable.
  expect(text).toMatch(/^Subject: =\?UTF-8\?Q\?=5BDataworks_alert=5D_=5BTest=5D_Test_al/m);
  expect(text).toContain('Test alert from the rule "Stale sources by mail"');
  expect(text).toContain('Open it in the portal: http://localhost:');
  expect(text).toMatch(/severity 2 =C2=B7 alert rule "Stale sources by mail"\./);
});
