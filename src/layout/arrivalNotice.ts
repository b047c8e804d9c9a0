// Why the user is not where their link pointed. The route guards redirect before any page
// renders, so they leave the reason here and the page they redirect to says it on arrival.
export interface ArrivalNotice {
  kind: 'no-access' | 'no-such-page';
  /** The address the user asked for. */
  requested: string;
  /** The page's name, when the route exists. */
  title?: string;
  /** The path the user was sent to instead: the notice belongs to that page only. */
  shownAt: string;
}

type Listener = () => void;

let current: ArrivalNotice | null = null;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

export function leaveArrivalNotice(notice: ArrivalNotice): void {
  current = notice;
  emit();
}

export function clearArrivalNotice(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function currentArrivalNotice(): ArrivalNotice | null {
  return current;
}

export function subscribeArrivalNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sentence the page shows. */
export function arrivalMessage(notice: ArrivalNotice): string {
  return notice.kind === 'no-access'
    ? `You don't have access to ${notice.title ?? 'that page'} (${notice.requested}), so you were taken to your start page. Ask your organisation's administrator if you need it.`
    : `There is no page at ${notice.requested}, so you were taken to your start page.`;
}
