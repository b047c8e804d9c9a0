// POST /api/dbt/artifacts (the upload a client's dbt job makes after `dbt build`) and
// GET /api/dbt/ingestions (what has been ingested, newest first).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ARTIFACT_PARTS, PROJECT_FIELD, ingestionResponse, ingestionsResponse, type IngestionRecord } from '@common/dbt/artifactsContract';
import { dbtEndpoints as ep } from '@common/dbt/dbtEndpoints';
import { apiAccessRules, canAccess } from '@common/access/access';
import { accessCheck, callerOf, organisationOf } from '../../../platform/http/auth/authenticate.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { DbtService } from '../dbtService.js';
import { UploadTooLargeError } from '../errors.js';
import type { ArtifactSet } from '../ingest.js';
import { readArtifactFile } from '../artifacts/readJson.js';
import { ingestionRecordOf } from '../projects.js';
import { receiveUpload } from '../uploadParts.js';

/** Multipart framing (boundaries, part headers) on top of the artifacts themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Users and service accounts the access table's `dbtUpload` rule lets in, of an organisation. */
async function mayUpload(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const caller = callerOf(request);
  if (!canAccess(caller.roles, apiAccessRules.dbtUpload))
    throw new HttpError(403, 'forbidden', 'Only administrators, documentation editors and dbt service accounts may upload dbt artifacts.');
  organisationOf(caller);
}

/** Reads the received files one after the other, each once. */
async function readSet(files: Partial<Record<(typeof ARTIFACT_PARTS)[number], string>>): Promise<ArtifactSet> {
  const set: ArtifactSet = { manifest: await readArtifactFile(files.manifest as string, 'manifest') };
  if (files.run_results) set.run_results = await readArtifactFile(files.run_results, 'run_results');
  if (files.sources) set.sources = await readArtifactFile(files.sources, 'sources');
  if (files.catalog) set.catalog = await readArtifactFile(files.catalog, 'catalog');
  return set;
}

async function ingestionHistory(db: StoreDb, organisation: string): Promise<IngestionRecord[]> {
  const rows = await db
    .selectFrom('dbt_ingestions')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .orderBy('ingested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(ingestionRecordOf);
}

export async function registerArtifactRoutes(server: FastifyInstance, service: DbtService): Promise<void> {
  const limit = service.settings.uploadLimitBytes;
  // Multipart is parsed in this scope only; the rest of the API takes JSON.
  await server.register(async (scope) => {
    await scope.register(multipart, {
      // Every part but the project's name is streamed to a file, whether or not the client named a file.
      isPartAFile: (fieldName) => fieldName !== PROJECT_FIELD,
      throwFileSizeLimit: false,
      limits: {
        fileSize: limit + 1,
        files: ARTIFACT_PARTS.length,
        parts: ARTIFACT_PARTS.length + 1,
        fields: 1,
        fieldSize: 256,
        headerPairs: 100,
      },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // The multipart body is read by the handler as a stream, so there is no body schema.
    app.route({
      ...endpointRoute(ep.uploadArtifacts, { response: ingestionResponse }),
      preValidation: async (request, reply) => {
        await mayUpload(request, reply);
        // Refuse a declared oversized body before reading any of it.
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > limit + MULTIPART_OVERHEAD) {
          void reply.header('connection', 'close');
          throw new UploadTooLargeError(limit);
        }
      },
      handler: async (request, reply) => {
        const caller = callerOf(request);
        const organisation = organisationOf(caller);
        const upload = await receiveUpload(request, { limitBytes: limit, tempDir: service.settings.tempDir }).catch((error: unknown) => {
          // The rest of the body was not read: close the connection after the answer rather than leave it for the next request.
          void reply.header('connection', 'close');
          throw error;
        });
        let summary;
        try {
          const set = await readSet(upload.files);
          summary = await service.ingest(set, {
            organisation,
            origin: 'upload',
            actor: { organisation, subject: caller.subject, username: caller.username },
            ...(upload.project ? { project: upload.project } : {}),
          });
        } finally {
          // Removed before the answer: a client that sees it may rely on nothing being left.
          await upload.discard();
        }
        return reply.code(201).send({ ingestion: summary });
      },
    });
  });

  const app = server.withTypeProvider<ZodTypeProvider>();
  // Readers of the catalog, and whoever may upload: a dbt job can check what its upload became.
  const mayReadCatalog = accessCheck(['catalogExplore', 'catalogAssets']);
  const mayReadIngestions = async (request: FastifyRequest, reply: FastifyReply) => {
    if (canAccess(callerOf(request).roles, apiAccessRules.dbtUpload)) return mayUpload(request, reply);
    mayReadCatalog(request);
  };
  app.route({
    ...endpointRoute(ep.ingestions, { response: ingestionsResponse }),
    preValidation: mayReadIngestions,
    handler: async (request) => {
      const organisation = organisationOf(callerOf(request));
      const history = await ingestionHistory(service.db, organisation);
      // Each project has a current ingestion; `current` is the newest of them.
      const currentRows = await service.db
        .selectFrom('dbt_ingestions')
        .selectAll()
        .where('organisation_id', '=', organisation)
        .where('is_current', '=', true)
        .orderBy('project_name')
        .execute();
      const projects = currentRows.map(ingestionRecordOf);
      const newest = projects.reduce<IngestionRecord | null>(
        (latest, record) => (latest && latest.ingestedAt >= record.ingestedAt ? latest : record),
        null,
      );
      return { current: newest, projects, history };
    },
  });
}
