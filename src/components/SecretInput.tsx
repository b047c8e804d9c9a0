// A secret shown once (an API key, an upload token): read-only, in a monospace font, and
// selected whole on focus so it can be copied at once.
interface SecretInputProps {
  /** The input's id, for the label that names it. */
  id: string;
  value: string;
  /** A smaller box, as in a small notice. */
  small?: boolean;
}

export function SecretInput({ id, value, small = false }: SecretInputProps) {
  return (
    <input
      id={id}
      className={small ? 'form-control form-control-sm font-monospace' : 'form-control font-monospace'}
      readOnly
      // Never in a session recording (config.json's session replay masks what is marked private).
      data-private
      value={value}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
