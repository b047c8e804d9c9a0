// Receives POST /api/dbt/artifacts: each multipart part is streamed to its own file under the
// data directory as it arrives, counting bytes across all parts, so an upload is never held in
// memory and one over the limit is stopped at the limit (413). The files are read afterwards,
// once each, and removed whatever happens.
import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ARTIFACT_PARTS, PROJECT_FIELD, projectName, type ArtifactPart } from '@common/dbt/artifactsContract';
import { HttpError } from '../../platform/http/errors.js';
import { UploadTooLargeError } from './errors.js';

export interface ReceivedUpload {
  files: Partial<Record<ArtifactPart, string>>;
  /** The `project` field: the project to ingest the artifacts as, when it is not the manifest's. */
  project: string | null;
  /** Removes the files. */
  discard(): Promise<void>;
}

const isPart = (name: string): name is ArtifactPart => (ARTIFACT_PARTS as readonly string[]).includes(name);

export async function receiveUpload(request: FastifyRequest, options: { limitBytes: number; tempDir: string }): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send the artifacts as multipart/form-data with the parts ${ARTIFACT_PARTS.join(', ')} (manifest required).`,
    );
  }
  const dir = path.join(options.tempDir, randomUUID());
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const discard = () => fs.rm(dir, { recursive: true, force: true });
  const files: Partial<Record<ArtifactPart, string>> = {};
  let project: string | null = null;
  let total = 0;
  /** Takes one part: the project field, or an artifact streamed to its own file. Throws when the part is refused. */
  const receivePart = async (part: Multipart): Promise<void> => {
    if (part.type === 'field' && part.fieldname === PROJECT_FIELD) {
      if (project !== null) throw new HttpError(400, 'invalid_request', `Field "${PROJECT_FIELD}" was sent twice.`, PROJECT_FIELD);
      const named = projectName.safeParse(part.valueTruncated ? '\u0000' : part.value);
      if (!named.success)
        throw new HttpError(
          400,
          'invalid_request',
          `Field "${PROJECT_FIELD}": ${named.error.issues[0]?.message ?? 'not a project name'}`,
          PROJECT_FIELD,
        );
      project = named.data;
      return;
    }
    if (part.type !== 'file')
      throw new HttpError(400, 'invalid_request', `Part "${part.fieldname}" could not be read as a file.`, part.fieldname);
    if (!isPart(part.fieldname))
      throw new HttpError(
        400,
        'invalid_request',
        `Unknown part "${part.fieldname}": the parts are ${ARTIFACT_PARTS.join(', ')}.`,
        part.fieldname,
      );
    if (files[part.fieldname]) throw new HttpError(400, 'invalid_request', `Part "${part.fieldname}" was sent twice.`, part.fieldname);
    const file = path.join(dir, `${part.fieldname}.json`);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        if (total > options.limitBytes) callback(new UploadTooLargeError(options.limitBytes));
        else callback(null, chunk);
      },
    });
    await pipeline(part.file, counter, createWriteStream(file, { mode: 0o600 }));
    // busboy cuts a file at its own limit (set just above ours) and says so here.
    if (part.file.truncated) throw new UploadTooLargeError(options.limitBytes);
    files[part.fieldname] = file;
  };
  // A part refused before the body's end: the rest is read and dropped before the answer, so a
  // client still sending the next parts reads the 400 instead of a connection closed under it.
  let refused: unknown = null;
  try {
    for await (const part of request.parts()) {
      if (refused !== null) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      try {
        await receivePart(part);
      } catch (error) {
        // Past the size limit nothing more is read: the answer is 413 at once.
        if (error instanceof UploadTooLargeError) throw error;
        refused = error;
        // Its file is read to its end and dropped, as are those of the parts that follow (above).
        if (part.type === 'file') part.file.resume();
      }
    }
    if (refused !== null) throw refused;
  } catch (caught) {
    await discard();
    // A limit met while dropping the rest does not replace the first refusal.
    const error = refused ?? caught;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'invalid_request', `Send the field "${PROJECT_FIELD}" at most once, and no other field.`, PROJECT_FIELD);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(400, 'invalid_request', `Send at most one part each of ${ARTIFACT_PARTS.join(', ')}.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, 'unsupported_media_type', 'Send the artifacts as multipart/form-data.');
    // A body that ends early or has no boundary: answered by the shared multipart mapping (400).
    throw error;
  }
  if (!files.manifest) {
    await discard();
    throw new HttpError(
      400,
      'invalid_request',
      `The "manifest" part is required (the manifest.json of the run); optional parts: ${ARTIFACT_PARTS.filter((name) => name !== 'manifest').join(', ')}.`,
      'manifest',
    );
  }
  return { files, project, discard };
}
