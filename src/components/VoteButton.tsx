// One vote per user, given or taken back with the same button: it says whether the user voted
// (aria-pressed) and the count; the hidden words say what the votes are for, so a screen reader
// does not hear a bare number.
interface VoteButtonProps {
  voted: boolean;
  votes: number;
  /** Said after the count to assistive technology only, e.g. "votes for this question". */
  countFor: string;
  busy: boolean;
  onVote: () => void;
}

export function VoteButton({ voted, votes, countFor, busy, onVote }: VoteButtonProps) {
  return (
    <button type="button" className="btn btn-outline-primary btn-sm" aria-pressed={voted} disabled={busy} onClick={onVote}>
      {voted ? 'Voted' : 'Vote'} · {votes}
      <span className="visually-hidden"> {countFor}</span>
    </button>
  );
}
