// The support desk's rules, run by both sides: statuses and the transitions between them,
// priorities with their response and resolution targets, and the limits of what a ticket holds.

export const ticketStatuses = ['open', 'pending', 'solved', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketCategories = ['question', 'incident', 'problem', 'access', 'billing', 'feature'] as const;
export type TicketCategory = (typeof ticketCategories)[number];

/** How a ticket list may be sorted. */
export const ticketSorts = ['updated', 'created', 'priority', 'due'] as const;
export type TicketSort = (typeof ticketSorts)[number];

export const ticketStatusLabels: Record<TicketStatus, string> = { open: 'Open', pending: 'Pending', solved: 'Solved', closed: 'Closed' };
export const ticketPriorityLabels: Record<TicketPriority, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };
export const ticketCategoryLabels: Record<TicketCategory, string> = {
  question: 'Question',
  incident: 'Incident',
  problem: 'Problem',
  access: 'Access',
  billing: 'Billing',
  feature: 'Feature request',
};

/**
 * open → pending (waiting for the requester) → solved → closed. A solved ticket may be reopened;
 * a closed one is final (open a new ticket). Anything else is refused, naming the transition.
 */
const allowedTransitions: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ['pending', 'solved'],
  pending: ['open', 'solved'],
  solved: ['open', 'closed'],
  closed: [],
};

/** What requesters may do themselves: mark their ticket solved, reopen it, close a solved one. */
const requesterTransitions: readonly string[] = ['open→solved', 'pending→solved', 'solved→open', 'solved→closed'];

export function transitionAllowed(from: TicketStatus, to: TicketStatus): boolean {
  return allowedTransitions[from].includes(to);
}

export function transitionsFrom(from: TicketStatus, staff: boolean): TicketStatus[] {
  return allowedTransitions[from].filter((to) => staff || requesterTransitions.includes(`${from}→${to}`));
}

/** Why a status change is refused, naming it ("open → closed is not allowed …"); undefined when allowed. */
export function transitionProblem(from: TicketStatus, to: TicketStatus, staff: boolean): string | undefined {
  if (!transitionAllowed(from, to)) {
    const next = allowedTransitions[from];
    return `${from} → ${to} is not allowed: a ${from} ticket can ${next.length > 0 ? `only become ${next.join(' or ')}` : 'not change status any more'}.`;
  }
  if (!staff && !requesterTransitions.includes(`${from}→${to}`)) return `${from} → ${to} is for support staff only.`;
  return undefined;
}

/** Hours to the first public reply from staff, and to a solution, per priority. */
export const serviceTargets: Record<TicketPriority, { firstResponseHours: number; resolutionHours: number }> = {
  urgent: { firstResponseHours: 1, resolutionHours: 8 },
  high: { firstResponseHours: 4, resolutionHours: 24 },
  normal: { firstResponseHours: 8, resolutionHours: 72 },
  low: { firstResponseHours: 24, resolutionHours: 168 },
};

export function dueDates(priority: TicketPriority, from: Date): { firstResponseDueAt: Date; resolutionDueAt: Date } {
  const target = serviceTargets[priority];
  return {
    firstResponseDueAt: new Date(from.getTime() + target.firstResponseHours * 3_600_000),
    resolutionDueAt: new Date(from.getTime() + target.resolutionHours * 3_600_000),
  };
}

export type TargetState = 'met' | 'due' | 'overdue' | 'none';

/** Where a target stands: met (done in time or late, see `late`), due (still running), overdue. */
export function targetState(dueAt: string, doneAt: string | null, now: Date, stopped: boolean): { state: TargetState; late: boolean } {
  const due = new Date(dueAt).getTime();
  if (doneAt) return { state: 'met', late: new Date(doneAt).getTime() > due };
  if (stopped) return { state: 'none', late: false };
  return { state: now.getTime() > due ? 'overdue' : 'due', late: now.getTime() > due };
}

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 20_000;
export const TICKET_SEARCH_MAX = 200;
export const TICKET_PAGE_SIZE_MAX = 100;

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_PER_TICKET_MAX = 20;
export const ATTACHMENT_FILENAME_MAX = 200;
/**
 * Types an attachment may have (screenshots, logs, exports, documents). Whatever the type, it is
 * always downloaded (Content-Disposition: attachment), never shown inline; HTML, SVG and
 * executables are refused because a browser or a double click could run them.
 */
export const attachmentTypes: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log', 'sql', 'md'],
  'text/csv': ['csv'],
  'application/json': ['json'],
  'application/zip': ['zip'],
};

/**
 * Types browsers and systems give some of the files above, and the type the portal keeps them as
 * (Markdown, logs and SQL are kept as plain text). Chromium on Linux sends `.log` as text/x-log.
 */
export const attachmentTypeAliases: Record<string, string> = {
  'text/markdown': 'text/plain',
  'text/x-markdown': 'text/plain',
  'text/x-log': 'text/plain',
  'application/x-log': 'text/plain',
  'text/x-sql': 'text/plain',
  'application/sql': 'text/plain',
  'application/x-sql': 'text/plain',
  'application/x-zip-compressed': 'application/zip',
  'application/csv': 'text/csv',
};

/**
 * The type a file is kept as: its declared type through the aliases above; a file sent without a
 * type or as application/octet-stream (some browsers do that for text files) takes the type its
 * extension names.
 */
export function attachmentTypeOf(filename: string, declared: string): string {
  const declaredType = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  const type = attachmentTypeAliases[declaredType] ?? declaredType;
  if (type && type !== 'application/octet-stream') return type;
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  return (
    Object.entries(attachmentTypes).find(([, extensions]) => extensions.includes(extension))?.[0] ?? (type || 'application/octet-stream')
  );
}

/** Why a file cannot be attached; undefined when it can. */
export function attachmentProblem(filename: string, contentType: string, size: number): string | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const allowed = Object.values(attachmentTypes).flat();
  if (size === 0) return 'The file is empty.';
  if (size > ATTACHMENT_MAX_BYTES) return `The file is larger than ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB.`;
  if (!filename.trim() || filename.length > ATTACHMENT_FILENAME_MAX)
    return `The file name must have 1 to ${ATTACHMENT_FILENAME_MAX} characters.`;
  const extensions = attachmentTypes[type];
  if (!extensions) return `Files of type ${type || 'unknown'} cannot be attached (allowed: ${allowed.join(', ')}).`;
  if (!extensions.includes(extension)) return `A ${type} file must end in .${extensions.join(' or .')}.`;
  return undefined;
}
