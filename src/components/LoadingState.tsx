/** Inline loading message for a page or a section of one. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="d-flex align-items-center gap-2 text-body-secondary py-4" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
