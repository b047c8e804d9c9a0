// The dbt layer's own errors and how the API answers them (handed to the error handler by
// app/portalServer.ts). Every refusal names what is wrong; none leaves anything half-written.
import { HttpError, type ErrorTranslator } from '../../platform/http/errors.js';

/** An artifact that cannot be read: not JSON, truncated, another schema version, inconsistent. */
export class ArtifactError extends Error {
  constructor(
    readonly part: string,
    message: string,
  ) {
    super(message);
    this.name = 'ArtifactError';
  }
}

/** An upload larger than the configured limit. */
export class UploadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The upload is larger than the limit of ${formatBytes(limitBytes)} (DBT_UPLOAD_LIMIT_BYTES).`);
    this.name = 'UploadTooLargeError';
  }
}

/** Another ingestion of the same organisation is still running. */
export class IngestionBusyError extends Error {
  constructor(holder: string, startedAt: Date) {
    super(
      `Another ingestion of this organisation's dbt artifacts (${holder}, started ${startedAt.toISOString()}) is still running; try again when it has finished.`,
    );
    this.name = 'IngestionBusyError';
  }
}

/** A node, exposure or ingestion the organisation does not have. */
export class DbtNotFoundError extends Error {
  constructor(what: string) {
    super(`No ${what} with that id in your organisation's dbt artifacts.`);
    this.name = 'DbtNotFoundError';
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export const dbtHttpError: ErrorTranslator = (error) => {
  if (error instanceof ArtifactError) return new HttpError(400, 'invalid_artifact', error.message, error.part);
  if (error instanceof UploadTooLargeError) return new HttpError(413, 'too_large', error.message);
  if (error instanceof IngestionBusyError) return new HttpError(409, 'conflict', error.message);
  if (error instanceof DbtNotFoundError) return new HttpError(404, 'not_found', error.message);
  return null;
};
