// The knowledge base, FAQ, Hive, feature requests, projects and the help assistant over real
// HTTP with real tokens: access by role, search with operators and quotes, votes counted once,
// status transitions (400 naming a refused one), organisation scoping (404), bad input naming
// the field, subscribers notified through the notifications service, and the assistant citing
// what it answered from or saying that nothing matches.
import { startPortal, type RunningPortal } from './portalServer';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(240_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
let foreignAdmin: string;
beforeAll(async () => {
  portal = await startPortal();
  for (const username of ['admin', 'clientadmin', 'engineer', 'docs', 'business', 'lite', 'product'])
    tokens[username] = await portal.token(username);
  foreignAdmin = await portal.forgeToken({
    sub: 'globex-admin-sub',
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
});
afterAll(async () => {
  await portal?.stop();
});

const api = (username: string, method: string, path: string, body?: unknown) => portal.api(method, path, { token: tokens[username], body });
const asForeign = (method: string, path: string, body?: unknown) => portal.api(method, path, { token: foreignAdmin, body });
type Body = Record<string, unknown>;
const bodyOf = <T = Body>(answer: { body: unknown }) => answer.body as T;
const q = (text: string) => encodeURIComponent(text);

interface Article {
  id: string;
  title: string;
  status: string;
  helpful: { yes: number; no: number };
  myVote: boolean | null;
  titleHighlight: { text: string; match: boolean }[];
  related: { id: string; title: string }[];
}
const titles = (answer: { body: unknown }) => bodyOf<{ articles: Article[] }>(answer).articles.map((a) => a.title);

describe('knowledge base', () => {
  test('the demo organisation starts with published articles about the portal', async () => {
    const answer = await api('engineer', 'GET', '/api/kb/articles');
    expect(answer.status).toBe(200);
    expect(titles(answer)).toEqual(
      expect.arrayContaining([
        'Connecting your Snowflake account',
        'Uploading dbt artifacts after each run',
        'Reading the Cost page',
        'Adding a connector',
        'Roles and editions: who sees what',
      ]),
    );
    expect(bodyOf(answer)).toMatchObject({ canEdit: false, total: 5 });
  });

  test('search: prefixes, quoted phrases, -exclusions, OR, and operators that are only text', async () => {
    const prefix = await api('engineer', 'GET', `/api/kb/articles?q=${q('snowfl key')}`);
    expect(titles(prefix)).toEqual(['Connecting your Snowflake account']);
    expect(bodyOf<{ articles: Article[] }>(prefix).articles[0]?.titleHighlight).toContainEqual({ text: 'Snowflake', match: true });

    // "service account" as a phrase is in the upload article only; both words apart are elsewhere too.
    expect(titles(await api('engineer', 'GET', `/api/kb/articles?q=${q('"service account"')}`))).toEqual([
      'Uploading dbt artifacts after each run',
    ]);
    const withoutSnowflake = titles(await api('engineer', 'GET', `/api/kb/articles?q=${q('credits -snowflake')}`));
    expect(withoutSnowflake).not.toContain('Reading the Cost page');
    const either = titles(await api('engineer', 'GET', `/api/kb/articles?q=${q('airbyte OR openssl')}`));
    expect(either.sort()).toEqual(['Adding a connector', 'Connecting your Snowflake account']);

    for (const text of ["'):* | !(", '&&&', '"', '-', "dbt' & !", '\\x00']) {
      const answer = await api('engineer', 'GET', `/api/kb/articles?q=${q(text)}`);
      expect(answer.status).toBe(200);
    }
    expect(titles(await api('engineer', 'GET', `/api/kb/articles?q=${q("dbt' & !")}`))).toContain('Uploading dbt artifacts after each run');
    expect(bodyOf(await api('engineer', 'GET', `/api/kb/articles?q=${q('&&& |')}`))).toMatchObject({ total: 0, articles: [] });
  });

  test('editors write articles; drafts stay theirs; others may not write', async () => {
    const created = await api('docs', 'POST', '/api/kb/articles', {
      title: 'Reading exposure health',
      body: 'Healthy, **Caution**, Degraded.',
      category: 'Data catalog',
      tags: ['exposures', 'Health'],
    });
    expect(created.status).toBe(201);
    const article = bodyOf<{ article: Article & { tags: string[] } }>(created).article;
    expect(article).toMatchObject({ status: 'draft', tags: ['exposures', 'health'] });
    expect((await api('engineer', 'GET', `/api/kb/articles/${article.id}`)).status).toBe(404);
    expect(titles(await api('engineer', 'GET', `/api/kb/articles?q=exposure`))).not.toContain('Reading exposure health');
    expect((await api('engineer', 'POST', '/api/kb/articles', { title: 'x', body: 'y', category: 'z' })).status).toBe(403);
    expect((await api('business', 'GET', '/api/kb/articles')).status).toBe(403);

    const published = await api('admin', 'PATCH', `/api/kb/articles/${article.id}`, { status: 'published' });
    expect(published.status).toBe(200);
    expect(
      bodyOf<{ article: Article }>(await api('engineer', 'GET', `/api/kb/articles/${article.id}`)).article.related.map((r) => r.title),
    ).toContain('Uploading dbt artifacts after each run');
    expect((await api('admin', 'DELETE', `/api/kb/articles/${article.id}`)).status).toBe(204);
    expect((await api('admin', 'GET', `/api/kb/articles/${article.id}`)).status).toBe(404);
  });

  test('bad input names the field and writes nothing', async () => {
    const before = bodyOf<{ total: number }>(await api('admin', 'GET', '/api/kb/articles?status=all')).total;
    const cases: [Body, string][] = [
      [{ title: '   ', body: 'b', category: 'c' }, 'title'],
      [{ title: 'a'.repeat(201), body: 'b', category: 'c' }, 'title'],
      [{ title: 't', body: '', category: 'c' }, 'body'],
      [{ title: 't', body: 'b'.repeat(20_001), category: 'c' }, 'body'],
      [{ title: 't', body: 'b', category: 'c', tags: ['not a tag!'] }, 'tags.0'],
      [{ title: 't', body: 'b', category: 'c', status: 'live' }, 'status'],
      [{ title: 't', body: 'b', category: 'c', author: 'someone' }, ''],
    ];
    for (const [body, field] of cases) {
      const answer = await api('admin', 'POST', '/api/kb/articles', body);
      expect(answer.status).toBe(400);
      if (field) expect(bodyOf(answer)).toMatchObject({ field });
    }
    expect(bodyOf<{ total: number }>(await api('admin', 'GET', '/api/kb/articles?status=all')).total).toBe(before);
  });

  test('markdown with script is stored as text and answered as JSON, never as a page', async () => {
    const created = await api('admin', 'POST', '/api/kb/articles', {
      title: 'Hostile',
      body: '<script>alert(1)</script><img src=x onerror=alert(1)>',
      category: 'Test',
      status: 'published',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bodyOf<{ article: { body: string } }>(created).article.body).toContain('<script>');
  });

  test('"was this helpful": one vote per user, counted once; changing it moves it', async () => {
    const list = bodyOf<{ articles: Article[] }>(await api('engineer', 'GET', `/api/kb/articles?q=${q('cost page')}`)).articles;
    const id = list[0]?.id as string;
    const first = await api('engineer', 'PUT', `/api/kb/articles/${id}/vote`, { helpful: true });
    expect(bodyOf<{ article: Article }>(first).article).toMatchObject({ helpful: { yes: 1, no: 0 }, myVote: true });
    const twice = await api('engineer', 'PUT', `/api/kb/articles/${id}/vote`, { helpful: true });
    expect(bodyOf<{ article: Article }>(twice).article.helpful).toEqual({ yes: 1, no: 0 });
    await api('docs', 'PUT', `/api/kb/articles/${id}/vote`, { helpful: true });
    const changed = await api('engineer', 'PUT', `/api/kb/articles/${id}/vote`, { helpful: false });
    expect(bodyOf<{ article: Article }>(changed).article).toMatchObject({ helpful: { yes: 1, no: 1 }, myVote: false });
    expect((await api('engineer', 'PUT', `/api/kb/articles/${id}/vote`, { helpful: 'yes' })).status).toBe(400);
  });

  test("another organisation's article answers 404, for reading, writing and voting", async () => {
    const id = bodyOf<{ articles: Article[] }>(await api('admin', 'GET', '/api/kb/articles')).articles[0]?.id as string;
    expect((await asForeign('GET', `/api/kb/articles/${id}`)).status).toBe(404);
    expect((await asForeign('PATCH', `/api/kb/articles/${id}`, { title: 'Taken' })).status).toBe(404);
    expect((await asForeign('PUT', `/api/kb/articles/${id}/vote`, { helpful: false })).status).toBe(404);
    expect((await asForeign('DELETE', `/api/kb/articles/${id}`)).status).toBe(404);
    expect((await api('admin', 'GET', '/api/kb/articles/not-an-id')).status).toBe(400);
  });
});

describe('FAQ', () => {
  interface Faq {
    id: string;
    topic: string;
    question: string;
  }
  test('everyone with `user` reads it, by topic and by search; only admins manage it', async () => {
    const list = await api('business', 'GET', '/api/faq');
    expect(list.status).toBe(200);
    const entries = bodyOf<{ entries: Faq[]; canManage: boolean }>(list);
    expect(entries.canManage).toBe(false);
    expect(new Set(entries.entries.map((e) => e.topic))).toEqual(new Set(['Cost', 'Data catalog', 'Getting started', 'Support']));
    expect(bodyOf<{ entries: Faq[] }>(await api('business', 'GET', `/api/faq?q=${q('idle')}`)).entries.map((e) => e.question)).toEqual([
      'What is idle cost?',
    ]);

    expect((await api('business', 'POST', '/api/faq', { topic: 'T', question: 'Q?', answer: 'A.' })).status).toBe(403);
    const created = await api('admin', 'POST', '/api/faq', {
      topic: 'Billing',
      question: 'Who pays for credits?',
      answer: 'Your organisation, at its price per credit.',
    });
    expect(created.status).toBe(201);
    const id = bodyOf<{ entry: Faq }>(created).entry.id;
    expect((await api('admin', 'PATCH', `/api/faq/${id}`, { question: '' })).status).toBe(400);
    expect(bodyOf(await api('admin', 'PATCH', `/api/faq/${id}`, { question: '' }))).toMatchObject({ field: 'question' });
    expect((await asForeign('PATCH', `/api/faq/${id}`, { question: 'Mine?' })).status).toBe(404);
    expect((await api('admin', 'DELETE', `/api/faq/${id}`)).status).toBe(204);
  });
});

describe('Hive', () => {
  interface Question {
    id: string;
    votes: number;
    accepted: boolean;
    myVote: boolean;
    mine: boolean;
    faqEntryId: string | null;
    answerList: { id: string; votes: number; accepted: boolean; authorUsername: string }[];
  }
  const questionOf = (answer: { body: unknown }) => bodyOf<{ question: Question }>(answer).question;

  test('ask, answer, vote once, accept (asker only), search answers, promote to the FAQ (admins)', async () => {
    const asked = await api('business', 'POST', '/api/hive/questions', {
      title: 'How do we share a dashboard with a partner?',
      body: 'We want **read-only** access.',
      tags: ['dashboards', 'sharing'],
    });
    expect(asked.status).toBe(201);
    const question = questionOf(asked);
    expect(question).toMatchObject({ mine: true, votes: 0, accepted: false });

    const answered = await api('admin', 'POST', `/api/hive/questions/${question.id}/answers`, {
      body: 'Publish it in the Viewer and give the partner a Client-Lite account with a viewpoint watermark.',
    });
    expect(answered.status).toBe(201);
    const answerId = questionOf(answered).answerList[0]?.id as string;
    // The asker hears about the answer from the bell, whatever their roles (business may not open
    // the notifications page, so its preferences stay closed to them).
    const askerInbox = bodyOf<{ notifications: { id: string; type: string; title: string; link: string; read: boolean }[] }>(
      await api('business', 'GET', '/api/notifications?type=hive_answer'),
    ).notifications;
    expect(askerInbox).toEqual([
      expect.objectContaining({
        type: 'hive_answer',
        title: 'admin answered "How do we share a dashboard with a partner?"',
        link: `/app/hive?question=${question.id}`,
        read: false,
      }),
    ]);
    expect(bodyOf<{ unread: number }>(await api('business', 'GET', '/api/notifications/unread-count')).unread).toBeGreaterThanOrEqual(1);
    const read = await api('business', 'PATCH', `/api/notifications/${askerInbox[0]?.id}`, { read: true });
    expect(bodyOf(read)).toMatchObject({ notification: { read: true } });
    expect((await api('business', 'GET', '/api/notifications/preferences')).status).toBe(403);
    // Answering one's own question tells nobody.
    await api('business', 'POST', `/api/hive/questions/${question.id}/answers`, { body: 'We also tried a shared folder.' });
    expect(
      bodyOf<{ notifications: unknown[] }>(await api('business', 'GET', '/api/notifications?type=hive_answer')).notifications,
    ).toHaveLength(1);

    await api('clientadmin', 'PUT', `/api/hive/questions/${question.id}/vote`, { vote: true });
    const twice = await api('clientadmin', 'PUT', `/api/hive/questions/${question.id}/vote`, { vote: true });
    expect(questionOf(twice)).toMatchObject({ votes: 1, myVote: true });
    const answerVotes = await api('business', 'PUT', `/api/hive/questions/${question.id}/answers/${answerId}/vote`, { vote: true });
    await api('business', 'PUT', `/api/hive/questions/${question.id}/answers/${answerId}/vote`, { vote: true });
    expect(questionOf(answerVotes).answerList[0]?.votes).toBe(1);

    const notAsker = await api('admin', 'PUT', `/api/hive/questions/${question.id}/accepted`, { answerId });
    expect(notAsker.status).toBe(400);
    expect(bodyOf(notAsker)).toMatchObject({ field: 'answerId' });
    const accepted = await api('business', 'PUT', `/api/hive/questions/${question.id}/accepted`, { answerId });
    expect(questionOf(accepted)).toMatchObject({ accepted: true });
    expect(questionOf(accepted).answerList[0]?.accepted).toBe(true);

    // Found by a word of its answer only, and by a quoted phrase of its title.
    const byAnswer = bodyOf<{ questions: { id: string }[] }>(await api('lite', 'GET', `/api/hive/questions?q=${q('watermark')}`));
    expect(byAnswer.questions).toEqual([]); // another organisation's Hive
    expect(
      bodyOf<{ questions: { id: string }[] }>(await api('business', 'GET', `/api/hive/questions?q=${q('watermark')}`)).questions.map(
        (x) => x.id,
      ),
    ).toEqual([question.id]);
    expect(
      bodyOf<{ questions: { id: string }[] }>(
        await api('business', 'GET', `/api/hive/questions?q=${q('"share a dashboard"')}`),
      ).questions.map((x) => x.id),
    ).toEqual([question.id]);
    expect(
      bodyOf<{ questions: { id: string }[] }>(await api('business', 'GET', `/api/hive/questions?q=${q('"dashboard share"')}`)).questions,
    ).toEqual([]);

    expect((await api('business', 'POST', `/api/hive/questions/${question.id}/promote`, { topic: 'Dashboards' })).status).toBe(403);
    const promoted = await api('admin', 'POST', `/api/hive/questions/${question.id}/promote`, { topic: 'Dashboards' });
    expect(promoted.status).toBe(201);
    expect((await api('admin', 'POST', `/api/hive/questions/${question.id}/promote`, { topic: 'Dashboards' })).status).toBe(400);
    const faq = bodyOf<{ entries: { question: string; hiveQuestionId: string | null }[] }>(await api('business', 'GET', '/api/faq'));
    expect(faq.entries).toContainEqual(
      expect.objectContaining({ question: 'How do we share a dashboard with a partner?', hiveQuestionId: question.id }),
    );

    expect((await asForeign('GET', `/api/hive/questions/${question.id}`)).status).toBe(404);
    expect((await asForeign('PUT', `/api/hive/questions/${question.id}/vote`, { vote: true })).status).toBe(404);
  });

  test('bad input names the field; a question without an accepted answer cannot be promoted', async () => {
    expect(bodyOf(await api('business', 'POST', '/api/hive/questions', { title: '', body: 'b' }))).toMatchObject({ field: 'title' });
    expect(bodyOf(await api('business', 'POST', '/api/hive/questions', { title: 't', body: 'x'.repeat(20_001) }))).toMatchObject({
      field: 'body',
    });
    const open = questionOf(await api('business', 'POST', '/api/hive/questions', { title: 'Open question', body: 'Nobody knows yet.' }));
    const refused = await api('admin', 'POST', `/api/hive/questions/${open.id}/promote`, { topic: 'Misc' });
    expect(refused.status).toBe(400);
    expect(bodyOf<{ message: string }>(refused).message).toMatch(/accepted answer/);
    expect(bodyOf(await api('business', 'POST', `/api/hive/questions/${open.id}/answers`, { body: '  ' }))).toMatchObject({
      field: 'body',
    });
  });
});

describe('feature requests', () => {
  interface Feature {
    id: string;
    status: string;
    votes: number;
    myVote: boolean;
    subscribed: boolean;
    declineReason: string | null;
    commentList: { body: string }[];
  }
  const featureOf = (answer: { body: unknown }) => bodyOf<{ feature: Feature }>(answer).feature;

  test('propose, vote once, comment; admins move it along the roadmap and subscribers are notified', async () => {
    const created = await api('clientadmin', 'POST', '/api/features', {
      title: 'Connector for Salesforce',
      description: 'Sync accounts and opportunities.',
    });
    expect(created.status).toBe(201);
    const feature = featureOf(created);
    expect(feature).toMatchObject({ status: 'under_consideration', subscribed: true, votes: 0 });

    await api('admin', 'PUT', `/api/features/${feature.id}/vote`, { vote: true });
    const twice = await api('admin', 'PUT', `/api/features/${feature.id}/vote`, { vote: true });
    expect(featureOf(twice)).toMatchObject({ votes: 1, myVote: true });
    await api('clientadmin', 'PUT', `/api/features/${feature.id}/vote`, { vote: true });
    const list = bodyOf<{ features: Feature[] }>(await api('clientadmin', 'GET', '/api/features')).features;
    expect(list.find((f) => f.id === feature.id)?.votes).toBe(2);
    // The mover is not told of their own change; everyone else who follows it is.
    const commented = await api('clientadmin', 'POST', `/api/features/${feature.id}/comments`, { body: 'Custom objects too, please.' });
    expect(featureOf(commented).commentList.map((c) => c.body)).toEqual(['Custom objects too, please.']);

    expect((await api('clientadmin', 'PATCH', `/api/features/${feature.id}/status`, { status: 'planned' })).status).toBe(403);
    const skipped = await api('admin', 'PATCH', `/api/features/${feature.id}/status`, { status: 'released' });
    expect(skipped.status).toBe(400);
    expect(bodyOf(skipped)).toMatchObject({
      field: 'status',
      message: expect.stringContaining('Under consideration → Released is not allowed'),
    });
    expect(featureOf(await api('admin', 'GET', `/api/features/${feature.id}`)).status).toBe('under_consideration');

    // Voting subscribes; `product` (an admin too) may read the notifications inbox.
    await api('product', 'PUT', `/api/features/${feature.id}/vote`, { vote: true });
    const inboxBefore = bodyOf<{ notifications: { type: string }[] }>(
      await api('product', 'GET', '/api/notifications'),
    ).notifications.filter((n) => n.type === 'feature_status_change').length;
    const planned = await api('admin', 'PATCH', `/api/features/${feature.id}/status`, { status: 'planned' });
    expect(featureOf(planned).status).toBe('planned');
    const inbox = bodyOf<{ notifications: { type: string; title: string; link: string }[] }>(
      await api('product', 'GET', '/api/notifications'),
    ).notifications.filter((n) => n.type === 'feature_status_change');
    expect(inbox.length).toBe(inboxBefore + 1);
    expect(inbox[0]).toMatchObject({ title: '"Connector for Salesforce" is now planned', link: `/app/features/feature/${feature.id}` });
    // A Client-Admin who follows it (by voting) hears too, from the bell, though the notifications page is not theirs.
    const followerInbox = bodyOf<{ notifications: { type: string; title: string }[] }>(
      await api('clientadmin', 'GET', '/api/notifications?type=feature_status_change'),
    ).notifications;
    expect(followerInbox[0]).toMatchObject({ title: '"Connector for Salesforce" is now planned' });

    const noReason = await api('admin', 'PATCH', `/api/features/${feature.id}/status`, { status: 'declined' });
    expect(bodyOf(noReason)).toMatchObject({ field: 'reason' });
    const declined = await api('admin', 'PATCH', `/api/features/${feature.id}/status`, {
      status: 'declined',
      reason: 'Covered by the Airbyte connector.',
    });
    expect(featureOf(declined)).toMatchObject({ status: 'declined', declineReason: 'Covered by the Airbyte connector.' });
    expect(bodyOf(await api('admin', 'PATCH', `/api/features/${feature.id}/status`, { status: 'shipped' }))).toMatchObject({
      field: 'status',
    });

    expect((await asForeign('GET', `/api/features/${feature.id}`)).status).toBe(404);
    expect((await asForeign('PUT', `/api/features/${feature.id}/vote`, { vote: true })).status).toBe(404);
    expect((await api('business', 'GET', '/api/features')).status).toBe(403);
  });
});

describe('projects', () => {
  interface Project {
    id: string;
    name: string;
    health: string;
    resources: { kind: string; ref: string; name: string; health: string; link: string | null; detail: string }[];
  }
  const projectOf = (answer: { body: unknown }) => bodyOf<{ project: Project }>(answer).project;

  async function waitForCatalog(): Promise<{ kind: string; ref: string; name: string }[]> {
    return waitFor(
      'the sample dbt project to be ingested',
      async () => {
        const options = bodyOf<{ options: { kind: string; ref: string; name: string }[] }>(
          await api('clientadmin', 'GET', '/api/projects/resource-options'),
        ).options;
        return options.some((o) => o.kind === 'exposure') && options;
      },
      { timeoutMs: 180_000, stepMs: 1000 },
    );
  }

  test('a project groups dashboards, catalog assets and exposures, and shows their health', async () => {
    const created = await api('clientadmin', 'POST', '/api/projects', {
      name: 'Revenue reporting',
      description: 'Monthly revenue for finance.',
      owner: 'clientadmin',
      members: ['admin', 'business', 'admin'],
    });
    expect(created.status).toBe(201);
    const project = projectOf(created);
    expect(project).toMatchObject({ health: 'unknown', resources: [] });
    expect(bodyOf<{ project: { members: string[] } }>(created).project.members).toEqual(['admin', 'business']);

    const options = await waitForCatalog();
    const dashboard = options.find((o) => o.kind === 'dashboard');
    const exposure = options.find((o) => o.kind === 'exposure');
    const model = options.find((o) => o.kind === 'catalog_asset' && o.ref.startsWith('model.'));
    for (const option of [dashboard, exposure, model]) {
      const added = await api('clientadmin', 'POST', `/api/projects/${project.id}/resources`, { kind: option?.kind, ref: option?.ref });
      expect(added.status).toBe(201);
    }
    const detail = projectOf(await api('clientadmin', 'GET', `/api/projects/${project.id}`));
    expect(detail.resources.map((r) => r.kind)).toEqual(['dashboard', 'exposure', 'catalog_asset']);
    expect(detail.resources[0]).toMatchObject({ health: 'healthy', link: expect.stringMatching(/^\/app\/viewer\//) });
    expect(detail.resources[1]?.link).toMatch(/^\/app\/exposures\//);
    // The sample project has failing and warning tests upstream of its exposures.
    expect(['failing', 'warning', 'healthy']).toContain(detail.resources[1]?.health);
    expect(detail.resources[1]?.detail).not.toBe('');
    expect(detail.health).toBe(['failing', 'warning', 'healthy'].find((h) => detail.resources.some((r) => r.health === h)));

    const unknown = await api('clientadmin', 'POST', `/api/projects/${project.id}/resources`, {
      kind: 'exposure',
      ref: 'exposure.nope.nothing',
    });
    expect(unknown.status).toBe(400);
    expect(bodyOf(unknown)).toMatchObject({ field: 'ref' });
    expect(
      bodyOf(await api('clientadmin', 'POST', `/api/projects/${project.id}/resources`, { kind: 'connector', ref: 'x' })),
    ).toMatchObject({ field: 'kind' });

    const removed = await api(
      'clientadmin',
      'DELETE',
      `/api/projects/${project.id}/resources?kind=dashboard&ref=${q(dashboard?.ref ?? '')}`,
    );
    expect(projectOf(removed).resources).toHaveLength(2);

    expect((await api('clientadmin', 'POST', '/api/projects', { name: 'revenue REPORTING', owner: 'admin' })).status).toBe(409);
    expect(bodyOf(await api('clientadmin', 'POST', '/api/projects', { name: 'x', owner: 'not a user!' }))).toMatchObject({
      field: 'owner',
    });
    expect(bodyOf(await api('clientadmin', 'PATCH', `/api/projects/${project.id}`, { status: 'finished' }))).toMatchObject({
      field: 'status',
    });
    expect((await asForeign('GET', `/api/projects/${project.id}`)).status).toBe(404);
    expect((await asForeign('POST', `/api/projects/${project.id}/resources`, { kind: 'dashboard', ref: dashboard?.ref })).status).toBe(404);
    expect((await api('engineer', 'GET', '/api/projects')).status).toBe(403);
  });
});

describe('help assistant', () => {
  interface Answer {
    found: boolean;
    passages: { source: string; title: string; link: string; text: { text: string; match: boolean }[] }[];
  }
  const ask = async (username: string, question: string) => {
    const answer = await api(username, 'POST', '/api/assistant/ask', { question });
    expect(answer.status).toBe(200);
    return bodyOf<Answer>(answer);
  };

  test('answers from the knowledge base with the article cited', async () => {
    const answer = await ask('engineer', 'How do I upload dbt artifacts with a service account?');
    expect(answer.found).toBe(true);
    expect(answer.passages[0]).toMatchObject({
      source: 'article',
      title: 'Uploading dbt artifacts after each run',
      link: expect.stringMatching(/^\/app\/knowledgebase\?article=/),
    });
    expect(answer.passages[0]?.text.some((part) => part.match)).toBe(true);
  });

  test('says so when nothing matches', async () => {
    expect(await ask('engineer', 'What is the airspeed velocity of an unladen swallow?')).toMatchObject({ found: false, passages: [] });
    expect(await ask('engineer', 'how do I?')).toMatchObject({ found: false });
  });

  test('answers only from what the caller may open: a `user` gets the FAQ, not the knowledge base', async () => {
    const answer = await ask('business', 'What is idle cost on a warehouse?');
    expect(answer.found).toBe(true);
    expect(answer.passages.every((p) => p.source !== 'article')).toBe(true);
    expect(answer.passages[0]).toMatchObject({ source: 'faq', title: 'What is idle cost?' });
  });

  test('accepted Hive answers count; bad input names the field', async () => {
    const asked = bodyOf<{ question: { id: string } }>(
      await api('business', 'POST', '/api/hive/questions', {
        title: 'Where are the snowpipe credits?',
        body: 'Snowpipe spend seems missing.',
      }),
    ).question;
    const answered = bodyOf<{ question: { answerList: { id: string }[] } }>(
      await api('admin', 'POST', `/api/hive/questions/${asked.id}/answers`, { body: 'Snowpipe credits appear under Spend by service.' }),
    ).question;
    expect((await ask('business', 'snowpipe credits')).passages.some((p) => p.source === 'hive')).toBe(false);
    await api('business', 'PUT', `/api/hive/questions/${asked.id}/accepted`, { answerId: answered.answerList[0]?.id });
    expect((await ask('business', 'snowpipe credits')).passages[0]).toMatchObject({
      source: 'hive',
      link: `/app/hive?question=${asked.id}`,
    });
    expect(bodyOf(await api('business', 'POST', '/api/assistant/ask', { question: '' }))).toMatchObject({ field: 'question' });
    expect(bodyOf(await api('business', 'POST', '/api/assistant/ask', { question: 'x'.repeat(1001) }))).toMatchObject({
      field: 'question',
    });
  });
});
