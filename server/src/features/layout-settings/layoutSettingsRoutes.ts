// Each user's last layout settings: saved by the browser (debounced), and looked up by
// support staff (`assured`, `admin`) on /app/admin to reproduce what a user sees. The
// settings are checked with the schema the browser applies to pasted settings
// (common/layout/layoutSchema.ts).
import type { FastifyInstance } from 'fastify';
import { appearancePatchSchema } from '@common/layout/layoutSchema';
import {
  layoutSettingsUsernameParams,
  myLayoutSettingsResponse,
  saveLayoutSettingsBody,
  userLayoutSettingsResponse,
} from '@common/layout/layoutSettingsContract';
import { findLayoutSettings, saveLayoutSettings } from './layoutSettingsStore.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { HttpError } from '../../platform/http/errors.js';
import { parseOr400 } from '../../platform/http/validation.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { layoutSettingsEndpoints } from '@common/layout/layoutSettingsEndpoints';

export function registerLayoutSettingsRoutes(server: FastifyInstance, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...endpointRoute(layoutSettingsEndpoints.mine, { response: myLayoutSettingsResponse }),
    handler: async (request) => {
      const caller = callerOf(request);
      const saved = await findLayoutSettings(db, organisationOf(caller), caller.username);
      if (!saved) throw new HttpError(404, 'not_found', 'No layout settings saved yet.');
      return { settings: saved.settings, updatedAt: saved.updatedAt };
    },
  });

  app.route({
    ...endpointRoute(layoutSettingsEndpoints.saveMine, { body: saveLayoutSettingsBody, response: myLayoutSettingsResponse }),
    handler: async (request) => {
      const caller = callerOf(request);
      const organisation = organisationOf(caller);
      const { settings } = request.body;
      const valid = parseOr400(appearancePatchSchema, settings, 'settings');
      if (Object.keys(valid).length === 0)
        throw new HttpError(400, 'invalid_request', 'settings: give at least one layout setting.', 'settings');
      const saved = await saveLayoutSettings(db, { organisation, subject: caller.subject, username: caller.username }, valid);
      return { settings: saved.settings, updatedAt: saved.updatedAt };
    },
  });

  app.route({
    ...endpointRoute(layoutSettingsEndpoints.ofUser, { params: layoutSettingsUsernameParams, response: userLayoutSettingsResponse }),
    preValidation: requireRoute('admin'),
    handler: async (request) => {
      const { username } = request.params;
      const saved = await findLayoutSettings(db, organisationOf(callerOf(request)), username);
      if (!saved) throw new HttpError(404, 'not_found', `No saved settings for ${username}.`);
      return saved;
    },
  });
}
