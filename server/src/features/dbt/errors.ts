// The dbt layer's own errors and how the API answers them (each carries its HTTP answer;
// the platform error handler sends it). Every refusal names what is wrong; none leaves anything half-written.
import { DomainError } from '../../platform/errors/domainError.js';

/** An artifact that cannot be read: not JSON, truncated, another schema version, inconsistent. */
export class ArtifactError extends DomainError {
  constructor(
    readonly part: string,
    message: string,
  ) {
    super(message, { status: 400, code: 'invalid_artifact', field: part });
    this.name = 'ArtifactError';
  }
}

/** An upload larger than the configured limit. */
export class UploadTooLargeError extends DomainError {
  constructor(readonly limitBytes: number) {
    super(`The upload is larger than the limit of ${formatBytes(limitBytes)} (DBT_UPLOAD_LIMIT_BYTES).`, {
      status: 413,
      code: 'too_large',
    });
    this.name = 'UploadTooLargeError';
  }
}

/** Another ingestion of the same organisation is still running. */
export class IngestionBusyError extends DomainError {
  constructor(holder: string, startedAt: Date) {
    super(
      `Another ingestion of this organisation's dbt artifacts (${holder}, started ${startedAt.toISOString()}) is still running; try again when it has finished.`,
      { status: 409, code: 'conflict' },
    );
    this.name = 'IngestionBusyError';
  }
}

/** A node, exposure or ingestion the organisation does not have. */
export class DbtNotFoundError extends DomainError {
  constructor(what: string) {
    super(`No ${what} with that id in your organisation's dbt artifacts.`, { status: 404, code: 'not_found' });
    this.name = 'DbtNotFoundError';
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** An upload whose resources another of the organisation's projects already holds under the same unique_ids. */
export class ProjectOverlapError extends DomainError {
  constructor(project: string, other: string, ids: readonly string[]) {
    const shown = ids.slice(0, 3).join(', ');
    super(
      `Project "${project}" defines ${ids.length} resource(s) that project "${other}" of this organisation already holds (${shown}${ids.length > 3 ? ', …' : ''}). ` +
        `A dbt unique_id belongs to one project of an organisation: upload it under "${other}" to replace that project, or delete "${other}" first.`,
      { status: 409, code: 'conflict', field: 'project' },
    );
    this.name = 'ProjectOverlapError';
  }
}
