// GET /api/catalog/governance/asset?assetId=: what governance says about one asset and its
// columns (the asset page shows it): the glossary terms linked to it and the tags in force on it.
import { z } from 'zod';
import { applicationRecord } from './classificationsContract';
import { termStatuses } from './glossaryRules';

export const assetGovernanceQuery = z.strictObject({ assetId: z.string().trim().min(1, 'must name an asset').max(1000) });
export const assetGovernanceResponse = z.object({
  terms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      glossaryId: z.string(),
      glossary: z.string(),
      status: z.enum(termStatuses),
      columnName: z.string().nullable(),
    }),
  ),
  tags: z.array(applicationRecord),
});
export type AssetGovernanceResponse = z.infer<typeof assetGovernanceResponse>;
