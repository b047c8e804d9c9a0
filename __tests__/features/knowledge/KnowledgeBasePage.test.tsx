// The knowledge base in jsdom: server-side search (the typed text sent as is, operators and
// all), highlighted results, an article's markdown rendered inert, one "was this helpful" vote
// announced, and the editor's form naming an empty field without sending anything.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleDetail, ArticleSummary } from '../../../common/knowledge/knowledgeContract';
import KnowledgeBasePage from '../../../src/features/knowledge/KnowledgeBasePage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const ID = '11111111-1111-4111-8111-111111111111';
const summary = (overrides: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id: ID,
  title: 'Uploading dbt artifacts after each run',
  category: 'Data catalog',
  tags: ['dbt'],
  status: 'published',
  authorUsername: 'dataworks',
  updatedAt: '2026-11-23T10:00:00.000Z',
  helpful: { yes: 2, no: 0 },
  titleHighlight: [
    { text: 'Uploading ', match: false },
    { text: 'dbt', match: true },
    { text: ' artifacts after each run', match: false },
  ],
  extract: [{ text: 'After dbt build, send the files.', match: false }],
  ...overrides,
});
const detail = (overrides: Partial<ArticleDetail> = {}): ArticleDetail => ({
  ...summary(),
  body: 'Use a **service account**.\n\n<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">\n\n[bad](javascript:alert(1))',
  createdAt: '2026-11-20T10:00:00.000Z',
  myVote: null,
  related: [{ id: '22222222-2222-4222-8222-222222222222', title: 'Reading the Cost page', category: 'Warehouse' }],
  canEdit: false,
  ...overrides,
});

let server: WorkspaceServer;
function start(path = '/app/knowledgebase', roles = ['user', 'Integration_Engineer'], canEdit = false) {
  server = connectWorkspaceServer({
    'GET api/kb/articles': (request) => {
      const q = new URLSearchParams(String(request.url).split('?')[1] ?? '').get('q');
      const articles = q === 'nothing' ? [] : [summary()];
      return json(200, { articles, total: articles.length, categories: [{ value: 'Data catalog', count: 1 }], canEdit, tookMs: 2 });
    },
    [`GET api/kb/articles/${ID}`]: json(200, { article: detail({ canEdit }) }),
    [`PUT api/kb/articles/${ID}/vote`]: () => {
      // What the server keeps: the article refetched after the vote has it.
      const voted = { article: detail({ myVote: true, helpful: { yes: 3, no: 0 } }) };
      server.set(`GET api/kb/articles/${ID}`, json(200, voted));
      return json(200, voted);
    },
  });
  return renderWithRouter(makeSignedInStore(roles), [{ path: '/app/knowledgebase', element: <KnowledgeBasePage /> }], path);
}

it('searches on the server with what was typed, operators and quotes included, and marks the matches', async () => {
  const user = userEvent.setup();
  start();
  expect(screen.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeInTheDocument();
  const link = await screen.findByRole('link', { name: 'Uploading dbt artifacts after each run' });
  expect(link).toHaveAttribute('href', `/app/knowledgebase?article=${ID}`);
  expect(within(link).getByText('dbt').tagName).toBe('MARK');
  await user.type(screen.getByLabelText('Search articles'), '"dbt build" -cost');
  await waitFor(() =>
    expect(server.requests).toContain(
      `GET api/kb/articles?q=${encodeURIComponent('"dbt build" -cost').replace(/%20/g, '+')}&status=published`,
    ),
  );
  await user.clear(screen.getByLabelText('Search articles'));
  await user.type(screen.getByLabelText('Search articles'), 'nothing');
  expect(await screen.findByText('No article matches.')).toBeInTheDocument();
  expect(screen.getByText('0 articles match "nothing"')).toBeInTheDocument();
});

it('shows an article with its markdown rendered inert, related articles, and one vote announced', async () => {
  const user = userEvent.setup();
  start(`/app/knowledgebase?article=${ID}`);
  const article = await screen.findByRole('article', { name: 'Uploading dbt artifacts after each run' });
  // The markdown renders with its own chunk, after the article's heading.
  expect((await within(article).findByText('service account')).tagName).toBe('STRONG');
  expect(article.querySelector('script')).toBeNull();
  expect(article.querySelector('img')).toBeNull();
  expect(article.querySelector('[onerror]')).toBeNull();
  expect(within(article).getByText('bad')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
  expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  expect(within(article).getByRole('link', { name: 'Reading the Cost page' })).toHaveAttribute(
    'href',
    '/app/knowledgebase?article=22222222-2222-4222-8222-222222222222',
  );

  const yes = await within(article).findByRole('button', { name: 'Yes (2)' });
  expect(yes).toHaveAttribute('aria-pressed', 'false');
  await user.click(yes);
  expect(await within(article).findByRole('button', { name: 'Yes (3)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Thank you: your vote says this article helped.')).toBeInTheDocument();
  expect(server.bodies).toContainEqual({ route: `PUT api/kb/articles/${ID}/vote`, body: { helpful: true } });
  expect(within(article).queryByRole('button', { name: 'Edit' })).toBeNull();
});

it("an editor's new article names an empty field and sends nothing", async () => {
  const user = userEvent.setup();
  start('/app/knowledgebase', ['user', 'Client-Dataworks-docs'], true);
  await user.click(await screen.findByRole('button', { name: 'New article' }));
  const dialog = await screen.findByRole('dialog', { name: 'New article' });
  await user.type(within(dialog).getByLabelText(/^Category/), 'Guides');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(within(dialog).getByLabelText(/^Title/)).toHaveAccessibleDescription('Enter a title.');
  expect(within(dialog).getByLabelText(/^Article/)).toHaveAccessibleDescription('Write the article.');
  expect(server.bodies).toEqual([]);
});
