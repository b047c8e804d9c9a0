// The workspace's store queries on PGlite, and on PostgreSQL when STORE_TEST_DATABASE_URL is set:
// votes counted once under concurrent requests, every write audited in its transaction, a
// refused change leaving nothing half-written, the demo seed idempotent, the search's
// operators and quotes as SQL both engines run, and the help assistant's retrieval.
import { listAudit } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { articleDetail, createArticle, listArticles, voteOnArticle } from '../../../../server/src/features/knowledge/articlesStore';
import { seedKnowledge } from '../../../../server/src/features/knowledge/knowledgeSeed';
import {
  acceptAnswer,
  answerQuestion,
  askQuestion,
  promoteToFaq,
  questionDetail,
  vote,
} from '../../../../server/src/features/hive/hiveStore';
import {
  changeFeatureStatus,
  createFeature,
  featureDetail,
  voteOnFeature,
} from '../../../../server/src/features/feature-requests/featureRequestsStore';
import { answerQuestion as askAssistant } from '../../../../server/src/features/assistant/retrieval';
import { hiveSearchSource } from '../../../../server/src/features/hive/helpSearch';
import { faqShelf } from '../../../../server/src/features/knowledge/faqStore';
import { knowledgeSearchSources } from '../../../../server/src/features/knowledge/helpSearch';
import type { StoreDb } from '../../../../server/src/platform/store/openStore';

/** The help assistant's sources as the portal assembles them: the knowledge base and FAQ, then Hive. */
const helpSources = (db: StoreDb) => [...knowledgeSearchSources(db), hiveSearchSource(db)];
import { InconsistentRequestError, RecordNotFoundError } from '../../../../server/src/platform/store/errors';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(60_000);

const admin = { organisation: 'acme', subject: 'sub-admin', username: 'admin', roles: ['user', 'admin'] };
const engineer = { organisation: 'acme', subject: 'sub-engineer', username: 'engineer', roles: ['user', 'Integration_Engineer'] };
const business = { organisation: 'acme', subject: 'sub-business', username: 'business', roles: ['user'] };
const foreign = { organisation: 'globex', subject: 'sub-globex', username: 'globexadmin', roles: ['user', 'admin'] };

let store: Store;
beforeAll(async () => {
  store = await openSchemaStore('workspace_test');
  await seedKnowledge(store.db, ['acme', 'globex']);
});
afterAll(async () => {
  await store?.close();
});

test('the demo seed runs once per organisation', async () => {
  await seedKnowledge(store.db, ['acme', 'globex']);
  const acme = await listArticles(store.db, admin, { status: 'all' });
  expect(acme.total).toBe(5);
  const audit = (await listAudit(store.db, 'acme', 500)).filter((entry) => entry.action === 'kb.seed');
  expect(audit).toHaveLength(1);
});

test('search: prefixes, phrases, exclusions, OR; operators typed as text never reach to_tsquery', async () => {
  const titles = async (q: string) => (await listArticles(store.db, engineer, { q })).articles.map((a) => a.title).sort();
  expect(await titles('snowfl')).toEqual(expect.arrayContaining(['Connecting your Snowflake account', 'Reading the Cost page']));
  expect(await titles('"key pair"')).toEqual(['Connecting your Snowflake account']);
  const withoutCost = await titles('snowflake -cost');
  expect(withoutCost).toContain('Connecting your Snowflake account');
  expect(withoutCost).not.toContain('Reading the Cost page');
  expect(await titles('airbyte OR openssl')).toEqual(['Adding a connector', 'Connecting your Snowflake account']);
  for (const text of ["'", "':*", '!!', '(a | b', '<->', '\\', '"unterminated'])
    await expect(listArticles(store.db, engineer, { q: text })).resolves.toBeDefined();
});

test('a vote counts once even when sent twice at the same time, and is audited once', async () => {
  const id = (await listArticles(store.db, engineer, { q: 'cost page' })).articles[0]?.id as string;
  await Promise.all([
    voteOnArticle(store.db, engineer, id, true),
    voteOnArticle(store.db, engineer, id, true),
    voteOnArticle(store.db, engineer, id, true),
  ]);
  const article = await articleDetail(store.db, engineer, id);
  expect(article.helpful).toEqual({ yes: 1, no: 0 });
  expect((await listAudit(store.db, 'acme', 500)).filter((e) => e.action === 'kb.article.vote' && e.target === id)).toHaveLength(1);
  await expect(voteOnArticle(store.db, foreign, id, true)).rejects.toBeInstanceOf(RecordNotFoundError);
});

test('drafts are for editors; a new article is audited with it', async () => {
  const id = await createArticle(store.db, admin, {
    title: 'Draft about freshness',
    body: 'Later.',
    category: 'Data catalog',
    tags: ['freshness'],
    status: 'draft',
  });
  await expect(articleDetail(store.db, engineer, id)).rejects.toBeInstanceOf(RecordNotFoundError);
  expect((await articleDetail(store.db, admin, id)).status).toBe('draft');
  expect((await listAudit(store.db, 'acme', 500)).some((e) => e.action === 'kb.article.create' && e.target === id)).toBe(true);
});

test('Hive: one vote each, accepting is the asker’s, promoting writes the FAQ entry and its audit together', async () => {
  const questionId = await askQuestion(store.db, business, { title: 'Where do idle credits come from?', body: 'Curious.', tags: ['cost'] });
  const answer = await answerQuestion(store.db, admin, questionId, 'From warehouses left resumed between queries.');
  // Who asked, so the route can tell them.
  expect(answer.question).toEqual({ title: 'Where do idle credits come from?', askerSubject: business.subject });
  const answerId = answer.id;
  await Promise.all([vote(store.db, engineer, questionId, null, true), vote(store.db, engineer, questionId, null, true)]);
  expect((await questionDetail(store.db, engineer, questionId, faqShelf)).votes).toBe(1);
  await expect(acceptAnswer(store.db, admin, questionId, answerId)).rejects.toBeInstanceOf(InconsistentRequestError);
  await expect(promoteToFaq(store.db, admin, questionId, 'Cost', faqShelf)).rejects.toBeInstanceOf(InconsistentRequestError);
  expect((await store.db.selectFrom('faq_entries').select('id').where('hive_question_id', '=', questionId).execute()).length).toBe(0);
  await acceptAnswer(store.db, business, questionId, answerId);
  const entry = await promoteToFaq(store.db, admin, questionId, 'Cost', faqShelf);
  expect((await questionDetail(store.db, admin, questionId, faqShelf)).faqEntryId).toBe(entry);
  expect((await listAudit(store.db, 'acme', 500)).some((e) => e.action === 'hive.promote' && e.target === questionId)).toBe(true);
  await expect(questionDetail(store.db, foreign, questionId, faqShelf)).rejects.toBeInstanceOf(RecordNotFoundError);
});

test('feature requests: a refused transition names itself and changes nothing; subscribers are returned for notices', async () => {
  const id = await createFeature(store.db, business, { title: 'Dark mode', description: 'Please.' });
  await voteOnFeature(store.db, engineer, id, true);
  await voteOnFeature(store.db, engineer, id, true);
  expect((await featureDetail(store.db, engineer, id)).votes).toBe(1);
  const auditBefore = (await listAudit(store.db, 'acme', 500)).length;
  await expect(changeFeatureStatus(store.db, admin, id, 'released', undefined)).rejects.toThrow(
    'Under consideration → Released is not allowed',
  );
  await expect(changeFeatureStatus(store.db, admin, id, 'declined', undefined)).rejects.toThrow(/reason/);
  expect((await featureDetail(store.db, admin, id)).status).toBe('under_consideration');
  expect((await listAudit(store.db, 'acme', 500)).length).toBe(auditBefore);
  const change = await changeFeatureStatus(store.db, admin, id, 'planned', undefined);
  expect(change).toMatchObject({ from: 'under_consideration', to: 'planned' });
  expect(change.subscribers.sort()).toEqual(['sub-business', 'sub-engineer']);
});

test('the help assistant cites what it answers from and says when nothing matches', async () => {
  const answer = await askAssistant(
    helpSources(store.db),
    'acme',
    engineer.roles,
    'How do I connect my Snowflake account with a key pair?',
  );
  expect(answer.found).toBe(true);
  expect(answer.passages[0]).toMatchObject({ source: 'article', title: 'Connecting your Snowflake account' });
  expect(await askAssistant(helpSources(store.db), 'acme', engineer.roles, 'quantum entanglement of penguins')).toMatchObject({
    found: false,
    passages: [],
  });
  const forUser = await askAssistant(helpSources(store.db), 'acme', business.roles, 'idle credits');
  expect(forUser.passages.length).toBeGreaterThan(0);
  expect(forUser.passages.every((p) => p.source !== 'article')).toBe(true);
});
