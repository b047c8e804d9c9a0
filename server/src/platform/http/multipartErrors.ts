// How a multipart/form-data body that cannot be read is answered, for every route that takes one
// (dbt artifact uploads, ticket attachments): the client's mistake, in words, never a 500. The
// plugin (@fastify/multipart, over busboy) reports a body that ends early, has no boundary or a
// broken part header as plain errors; limits come as coded errors.

/** busboy's own words for a body it cannot parse. */
const MALFORMED =
  /unexpected end of (form|multipart data)|boundary not found|malformed (part header|urlencoded form)|multipart: |part terminated early|unexpected end of file/i;

/** The HTTP answer for a multipart failure (errors.ts turns it into an HttpError), or null when `error` is not one. */
export interface MultipartAnswer {
  statusCode: number;
  code: string;
  message: string;
}

const answer = (statusCode: number, code: string, message: string): MultipartAnswer => ({ statusCode, code, message });

export function multipartHttpError(error: unknown): MultipartAnswer | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return answer(415, 'unsupported_media_type', 'Send the body as multipart/form-data (with its boundary).');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return answer(400, 'invalid_request', 'The body has more parts than this request takes: send each file once, in its own part.');
    case 'FST_PROTO_VIOLATION':
      return answer(400, 'invalid_request', 'A part name is not allowed.');
    default:
      return MALFORMED.test(error.message)
        ? answer(
            400,
            'invalid_request',
            `The multipart body could not be read: ${error.message.replace(/\.$/, '')}. Send it again, whole and uncompressed.`,
          )
        : null;
  }
}
