import { catalogAssetPath, exposurePath } from '@common/paths';

/** The page of a dbt node: an exposure's under Consume, everything else's under Data Assets. */
export function nodePagePath(uniqueId: string): string {
  return uniqueId.startsWith('exposure.') ? exposurePath(uniqueId) : catalogAssetPath(uniqueId);
}
