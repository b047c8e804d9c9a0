// Certification in dbt's own words: the portal has no certification of its own, so an asset is
// certified when its project says so, in `meta` (or `config.meta`, merged into it) as
// `certified: true`, or with the tag `certified`. Explore ranks certified assets first among
// equal name matches and shows a "Certified" badge (docs/catalog-search.md).

/** True for `certified: true` (YAML's boolean, or the word "true" or "yes" as a string). */
function saysCertified(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === 'string' && ['true', 'yes'].includes(value.trim().toLowerCase());
}

export function isCertified(meta: Record<string, unknown>, tags: readonly string[]): boolean {
  return saysCertified(meta.certified) || tags.some((tag) => tag.trim().toLowerCase() === 'certified');
}
