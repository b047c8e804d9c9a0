// The integrations area's refusals and how the API answers them (handed to the error handler by
// app/portalServer.ts). Each is thrown before anything is written.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';
import { SecretDecryptionError } from '../../platform/secrets/secretBox.js';
import { AirbyteUnplaceableError } from './airbyte/airbyteEngine.js';
import { AirbyteApiError } from './airbyte/airbyteErrors.js';
import { ConnectorConfigError } from './config/connectorConfig.js';
import { StreamSchemaError } from './destination/streamColumns.js';
import { ScheduleError } from './schedules.js';

/** Something that clashes with what exists (a source still used, a sync already running). */
export class IntegrationConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IntegrationConflictError';
  }
}

/** A connector that could not be run to answer (spec or discover failed), in the connector's words. */
export class ConnectorRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorRunError';
  }
}

export const integrationsHttpError: ErrorTranslator = (error) => {
  if (error instanceof ConnectorConfigError) return new HttpError(400, 'invalid_config', error.message, `config.${error.field}`);
  if (error instanceof StreamSchemaError) return new HttpError(400, 'invalid_stream', error.message, 'streams');
  if (error instanceof ScheduleError) return new HttpError(400, 'invalid_schedule', error.message, 'schedule');
  if (error instanceof IntegrationConflictError) return new HttpError(409, 'conflict', error.message);
  if (error instanceof ConnectorRunError) return new HttpError(502, 'connector_failed', error.message);
  // Airbyte refusing what the portal sent (a setting its connector does not accept) is the request's fault; anything else is Airbyte's.
  if (error instanceof AirbyteApiError)
    return error.status === 400 || error.status === 422
      ? new HttpError(400, 'airbyte_refused', error.message)
      : new HttpError(502, 'airbyte_unavailable', error.message);
  if (error instanceof AirbyteUnplaceableError) return new HttpError(409, 'airbyte_cannot_run', error.message);
  if (error instanceof SecretDecryptionError) return new HttpError(409, 'secret_unreadable', error.message);
  return null;
};
