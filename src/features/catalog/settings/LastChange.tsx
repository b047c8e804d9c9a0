// The status line of a catalog setting: "Saved." once saved, else who changed it last and when,
// else what applies while the organisation has never set it.
import { DateTimeText } from '../../../components/DateTimeText';

interface LastChangeProps {
  done: boolean;
  /** The sentence once saved. */
  savedText: string;
  updatedBy: string | null;
  updatedAt: string | null;
  /** The sentence while it has never been set. */
  neverText: string;
}

export function LastChange({ done, savedText, updatedBy, updatedAt, neverText }: LastChangeProps) {
  if (done) return <>{savedText}</>;
  if (!updatedBy) return <>{neverText}</>;
  return (
    <>
      Last changed by {updatedBy}, <DateTimeText iso={updatedAt} />.
    </>
  );
}
