// Validation of layout settings that come from outside the app: the persisted copy and JSON
// pasted into the settings panel. Loaded on demand (see layoutSettings.ts).
import * as z from 'zod/mini';
import { describeIssues } from '../validationMessages';
import {
  headerBackColors,
  layout6BackSizes,
  layout6Backgrounds,
  layouts,
  layoutTypes,
  navActiveListColors,
  navBackColors,
  navBackImages,
  navBrandColors,
  navDropdownIcons,
  navListIcons,
  navListTitleColors,
  subLayouts,
  type AppearancePatch,
  type LayoutSettings,
} from './layoutSettings';

const menuIds = z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(50));

export const layoutSettingsSchema = z.strictObject({
  layout: z.enum(layouts),
  subLayout: z.enum(subLayouts),
  collapseMenu: z.boolean(),
  layoutType: z.enum(layoutTypes),
  navIconColor: z.boolean(),
  navBackColor: z.enum(navBackColors),
  navBrandColor: z.enum(navBrandColors),
  // The spec calls this a boolean: `false` means no image, otherwise the image's name.
  navBackImage: z.union([z.literal(false), z.enum(navBackImages)]),
  rtlLayout: z.boolean(),
  navFixedLayout: z.boolean(),
  headerFixedLayout: z.boolean(),
  boxLayout: z.boolean(),
  navListIcon: z.enum(navListIcons),
  navActiveListColor: z.enum(navActiveListColors),
  navListTitleColor: z.enum(navListTitleColors),
  navListTitleHide: z.boolean(),
  configBlock: z.boolean(),
  layout6Background: z.enum(layout6Backgrounds),
  layout6BackSize: z.enum(layout6BackSizes),
  headerBackColor: z.enum(headerBackColors),
  navDropdownIcon: z.enum(navDropdownIcons),
  isOpen: menuIds,
  isTrigger: menuIds,
});

/** What "apply settings" accepts: any subset of the appearance settings, nothing unknown. */
export const appearancePatchSchema = z.partial(z.omit(layoutSettingsSchema, { isOpen: true, isTrigger: true, configBlock: true }));

/** Parses pasted JSON into a settings patch, or says exactly why it cannot be applied. */
export function parseSettingsJson(text: string): { ok: true; patch: AppearancePatch } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `Not valid JSON: ${(error as Error).message}` };
  }
  const parsed = appearancePatchSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
  if (value === null || typeof value !== 'object' || Object.keys(parsed.data).length === 0)
    return { ok: false, reason: 'No settings found in the JSON object.' };
  return { ok: true, patch: parsed.data };
}

// Compile-time proof that the schema and the hand-written type describe the same object.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Exact<z.infer<typeof layoutSettingsSchema>, LayoutSettings> = true;
void schemaMatchesType;

export { describeIssues };
