// A value of a fixed set (a status, a health, a priority) as a badge: its word from the labels
// and its colour from the tones, so a page never says it by colour alone. Each feature keeps its
// own records of words and colours; this is the one place the badge markup is written.

export interface ToneBadgeProps<Value extends string> {
  /** The badge classes of each value, e.g. "text-bg-success" or "text-bg-light border". */
  tones: Readonly<Record<Value, string>>;
  /** The word shown for each value. */
  labels: Readonly<Record<Value, string>>;
  value: Value;
  /** Extra classes, e.g. "fw-normal" for a quieter badge. */
  className?: string;
}

export function ToneBadge<Value extends string>({ tones, labels, value, className }: ToneBadgeProps<Value>) {
  const classes = ['badge', className, tones[value]].filter(Boolean).join(' ');
  return <span className={classes}>{labels[value]}</span>;
}
