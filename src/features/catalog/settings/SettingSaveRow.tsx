// The foot of a catalog setting's form: Save and, beside it, "Saved." once saved, else who
// changed the setting last and when, else what applies while the organisation never set it.
import { DateTimeText } from '../../../components/DateTimeText';
import { SubmitRow } from '../../../components/SubmitRow';

interface SettingSaveRowProps {
  busy: boolean;
  done: boolean;
  /** The sentence once saved. */
  savedText: string;
  /** Who changed the setting last, and when (the settings read's answer). */
  changed: { updatedBy: string | null; updatedAt: string | null };
  /** The sentence while it has never been set. */
  neverText: string;
}

function LastChange({ done, savedText, changed: { updatedBy, updatedAt }, neverText }: Omit<SettingSaveRowProps, 'busy'>) {
  if (done) return <>{savedText}</>;
  if (!updatedBy) return <>{neverText}</>;
  return (
    <>
      Last changed by {updatedBy}, <DateTimeText iso={updatedAt} />.
    </>
  );
}

export function SettingSaveRow({ busy, ...status }: SettingSaveRowProps) {
  return (
    <SubmitRow
      label="Save"
      busyLabel="Saving…"
      busy={busy}
      small
      statusClassName="small text-body-secondary"
      status={<LastChange {...status} />}
    />
  );
}
