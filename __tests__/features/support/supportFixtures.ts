// Tickets as the support API answers them, for the page tests.
export const TICKET_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';

export const summary = (overrides: Record<string, unknown> = {}) => ({
  id: TICKET_ID,
  number: 12,
  subject: 'Freshness page is empty',
  category: 'incident',
  priority: 'high',
  status: 'open',
  requester: { subject: 'user-ethan', username: 'engineer' },
  assignee: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  firstResponseDueAt: '2026-11-24T12:00:00.000Z',
  resolutionDueAt: '2026-11-25T08:00:00.000Z',
  firstResponseAt: null,
  solvedAt: null,
  hasLayoutSettings: true,
  ...overrides,
});

const reply = {
  id: 'm1',
  kind: 'reply',
  body: 'Could you upload **run_results.json**?',
  author: { username: 'assured', staff: true },
  createdAt: '2026-11-24T08:30:00.000Z',
};
const note = {
  id: 'm2',
  kind: 'note',
  body: 'They use an old manifest.',
  author: { username: 'assured', staff: true },
  createdAt: '2026-11-24T08:31:00.000Z',
};

/** The requester's answer: no internal note, no layout settings (the server leaves them out). */
export const requesterTicket = (overrides: Record<string, unknown> = {}) => ({
  ...summary(),
  description: 'Nothing shows.\n\n<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  messages: [reply],
  attachments: [
    {
      id: 'a1',
      filename: 'sync.log',
      contentType: 'text/plain',
      size: 2048,
      uploadedBy: 'engineer',
      createdAt: '2026-11-24T08:10:00.000Z',
    },
  ],
  layoutSettings: null,
  viewer: { staff: false, transitions: ['solved'] },
  ...overrides,
});

export const staffTicket = (overrides: Record<string, unknown> = {}) => ({
  ...requesterTicket(),
  messages: [reply, note],
  layoutSettings: { layout: 'horizontal', rtlLayout: true },
  viewer: { staff: true, transitions: ['pending', 'solved'] },
  ...overrides,
});
