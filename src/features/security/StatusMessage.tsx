// The page's live region: always in the page (a region added together with its text is often
// not read), so each outcome of an action is said once it happens.
export function StatusMessage({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" className={message ? 'alert alert-success' : 'visually-hidden'}>
      {message}
    </div>
  );
}
