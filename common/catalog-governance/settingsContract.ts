// Governance settings (GET/PUT /api/catalog/governance/settings, admin and Client-Dataworks-docs as
// the Catalog Settings page): who may edit the glossary, and the classification rules: the
// column-name patterns that suggest personal data and whether sampled values are checked.
import { z } from 'zod';
import { DEFAULT_GLOSSARY_EDITOR_ROLES, glossaryEditorRoleChoices } from './glossaryRules';

export const DEFAULT_PII_NAME_PATTERNS = [
  'email',
  'e_mail',
  'phone',
  'mobile',
  'ssn',
  'social_security',
  'birth',
  'dob',
  'address',
  'street',
  'postcode',
  'zip',
  'ip_address',
  'passport',
  'iban',
  'first_name',
  'last_name',
  'full_name',
] as const;
export const PATTERNS_MAX = 100;

export const governanceSettings = z.strictObject({
  glossaryEditorRoles: z
    .array(z.enum(glossaryEditorRoleChoices, { error: `must be one of ${glossaryEditorRoleChoices.join(', ')}` }))
    .min(1, 'must name at least one role')
    .max(glossaryEditorRoleChoices.length),
  piiNamePatterns: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .min(2, 'must be at least 2 characters')
        .max(64, 'must be at most 64 characters')
        .regex(/^[a-z0-9_]+$/, 'may hold only letters, digits and _'),
    )
    .max(PATTERNS_MAX, `must list at most ${PATTERNS_MAX} patterns`),
  sampleValues: z.boolean({ error: 'must be true or false' }),
});
export type GovernanceSettings = z.infer<typeof governanceSettings>;

export const defaultGovernanceSettings: GovernanceSettings = {
  glossaryEditorRoles: [...DEFAULT_GLOSSARY_EDITOR_ROLES],
  piiNamePatterns: [...DEFAULT_PII_NAME_PATTERNS],
  sampleValues: true,
};
export const governanceSettingsResponse = z.object({
  settings: governanceSettings,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type GovernanceSettingsResponse = z.infer<typeof governanceSettingsResponse>;
