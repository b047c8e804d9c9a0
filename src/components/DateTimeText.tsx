import { formatDateTime } from './format';

/** A warehouse time (ISO, UTC) as a `<time>` that does not break across lines; `empty` when missing. */
export function DateTimeText({ iso, empty = '–' }: { iso: string | null; empty?: string }) {
  if (!iso) return <>{empty}</>;
  return (
    <time dateTime={iso} className="text-nowrap">
      {formatDateTime(iso)}
    </time>
  );
}
