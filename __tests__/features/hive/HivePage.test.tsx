// Hive in jsdom: the question list with server-side search, asking (the form's own checks first),
// and a question's page where the asker accepts an answer and votes are toggles.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionDetail } from '../../../common/hive/hiveContract';
import HivePage from '../../../src/features/hive/HivePage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const QID = '33333333-3333-4333-8333-333333333333';
const AID = '44444444-4444-4444-8444-444444444444';
const question = (overrides: Partial<QuestionDetail> = {}): QuestionDetail => ({
  id: QID,
  title: 'How do we share a dashboard?',
  tags: ['dashboards'],
  authorUsername: 'business',
  createdAt: '2026-11-23T10:00:00.000Z',
  votes: 1,
  answers: 1,
  accepted: false,
  titleHighlight: [{ text: 'How do we share a dashboard?', match: false }],
  extract: [{ text: 'Read-only access', match: false }],
  body: 'We want **read-only** access.',
  myVote: false,
  mine: true,
  canPromote: false,
  faqEntryId: null,
  answerList: [
    {
      id: AID,
      body: 'Use the Viewer.',
      authorUsername: 'admin',
      createdAt: '2026-11-23T11:00:00.000Z',
      votes: 0,
      myVote: false,
      accepted: false,
    },
  ],
  ...overrides,
});

let server: WorkspaceServer;
function start(path = '/app/hive') {
  server = connectWorkspaceServer({
    'GET api/hive/questions': json(200, { questions: [question()], total: 1, tookMs: 1 }),
    [`GET api/hive/questions/${QID}`]: json(200, { question: question() }),
    'POST api/hive/questions': json(201, { question: question() }),
    [`PUT api/hive/questions/${QID}/accepted`]: () => {
      const accepted = { question: question({ accepted: true, answerList: [{ ...question().answerList[0]!, accepted: true }] }) };
      server.set(`GET api/hive/questions/${QID}`, json(200, accepted));
      return json(200, accepted);
    },
  });
  return renderWithRouter(makeSignedInStore(['user']), [{ path: '/app/hive', element: <HivePage /> }], path);
}

it('lists questions with votes and answers and searches on the server', async () => {
  const user = userEvent.setup();
  start();
  expect(await screen.findByRole('link', { name: 'How do we share a dashboard?' })).toHaveAttribute('href', `/app/hive?question=${QID}`);
  expect(screen.getByText('1 vote')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Search questions and answers'), 'viewer OR share');
  await waitFor(() => expect(server.requests).toContain('GET api/hive/questions?q=viewer+OR+share'));
});

it('asking checks the fields first, then posts and opens the question', async () => {
  const user = userEvent.setup();
  const { router } = start();
  await user.click(screen.getByRole('button', { name: 'Ask a question' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ask Hive' });
  await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
  expect(within(dialog).getByLabelText(/^Question/)).toHaveAccessibleDescription('Enter the question in one line.');
  expect(server.bodies).toEqual([]);
  await user.type(within(dialog).getByLabelText(/^Question/), 'How do we share a dashboard?');
  await user.type(within(dialog).getByLabelText(/^Details/), 'Read-only.');
  await user.type(within(dialog).getByLabelText(/^Tags/), 'Dashboards, sharing');
  await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?question=${QID}`));
  expect(server.bodies).toEqual([
    {
      route: 'POST api/hive/questions',
      body: { title: 'How do we share a dashboard?', body: 'Read-only.', tags: ['dashboards', 'sharing'] },
    },
  ]);
});

it('the asker accepts an answer, and the page says so', async () => {
  const user = userEvent.setup();
  start(`/app/hive?question=${QID}`);
  await user.click(await screen.findByRole('button', { name: 'Accept this answer by admin' }));
  expect(await screen.findByText('Accepted answer')).toBeInTheDocument();
  expect(screen.getByText('You accepted this answer.')).toBeInTheDocument();
  expect(server.bodies).toContainEqual({ route: `PUT api/hive/questions/${QID}/accepted`, body: { answerId: AID } });
});
