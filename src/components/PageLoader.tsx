/** Shown while the first screen of a visit is being prepared. */
export function PageLoader() {
  return (
    <div className="dw-page-loader" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
