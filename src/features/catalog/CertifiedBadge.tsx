// The "Certified" mark of an asset its dbt project certifies (`certified: true` in its meta, or
// the tag `certified`): the word itself says it, so it never rests on colour alone.
export function CertifiedBadge() {
  return (
    <span className="badge text-bg-success">
      <span aria-hidden="true">✓ </span>Certified
    </span>
  );
}
