// Each user's last layout settings: saved by the browser (debounced), and looked up by
// support staff (`assured`, `admin`) on /app/admin to reproduce what a user sees. The
// settings are checked with the browser's own schema (src/layout/layoutSchema.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appearancePatchSchema } from '@common/layout/layoutSchema';
import { findLayoutSettings, saveLayoutSettings } from './layoutSettingsStore.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { HttpError } from '../../platform/http/errors.js';
import { parseOr400 } from '../../platform/http/validation.js';

const saveBody = z.strictObject(
  { settings: z.record(z.string(), z.unknown(), { error: 'must be a JSON object of layout settings' }) },
  { error: 'must be a JSON object' },
);
const usernameParams = z.object({
  username: z.string().regex(/^[A-Za-z0-9._@+-]{1,255}$/, 'must be a username (letters, digits, . _ @ + -)'),
});

export function registerLayoutSettingsRoutes(app: FastifyInstance, db: StoreDb): void {
  app.get('/api/me/layout-settings', async (request) => {
    const caller = callerOf(request);
    const saved = await findLayoutSettings(db, organisationOf(caller), caller.username);
    if (!saved) throw new HttpError(404, 'not_found', 'No layout settings saved yet.');
    return { settings: saved.settings, updatedAt: saved.updatedAt };
  });

  app.put('/api/me/layout-settings', async (request) => {
    const caller = callerOf(request);
    const organisation = organisationOf(caller);
    const { settings } = parseOr400(saveBody, request.body);
    const valid = parseOr400(appearancePatchSchema, settings, 'settings');
    if (Object.keys(valid).length === 0) throw new HttpError(400, 'invalid_request', 'settings: give at least one layout setting.', 'settings');
    const saved = await saveLayoutSettings(db, { organisation, subject: caller.subject, username: caller.username }, valid);
    return { settings: saved.settings, updatedAt: saved.updatedAt };
  });

  app.get('/api/admin/layout-settings/:username', { preHandler: requireRoute('admin') }, async (request) => {
    const { username } = parseOr400(usernameParams, request.params);
    const saved = await findLayoutSettings(db, organisationOf(callerOf(request)), username);
    if (!saved) throw new HttpError(404, 'not_found', `No saved settings for ${username}.`);
    return saved;
  });
}
