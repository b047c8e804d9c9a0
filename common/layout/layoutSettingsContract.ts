// The layout settings API: the signed-in user's own saved settings, and (for support staff)
// another user's of the same organisation. The settings themselves are checked with
// layoutSchema.ts, the schema the browser applies to pasted settings.
import { z } from 'zod';

export const saveLayoutSettingsBody = z.strictObject(
  { settings: z.record(z.string(), z.unknown(), { error: 'must be a JSON object of layout settings' }) },
  { error: 'must be a JSON object' },
);

export const layoutSettingsUsernameParams = z.object({
  username: z.string().regex(/^[A-Za-z0-9._@+-]{1,255}$/, 'must be a username (letters, digits, . _ @ + -)'),
});

/** The caller's own saved settings. */
export const myLayoutSettingsResponse = z.object({ settings: z.record(z.string(), z.unknown()), updatedAt: z.string() });

/** Another user's, as stored: validate before applying (it came from another browser). */
export const userLayoutSettingsResponse = z.object({ username: z.string(), settings: z.unknown(), updatedAt: z.string() });
