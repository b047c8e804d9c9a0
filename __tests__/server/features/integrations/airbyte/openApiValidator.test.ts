// The stand-in's request and answer checks on hand-picked documents: a small one written here,
// whose every failure is known, and Airbyte's own jobs description.
import { OpenApiDescription, type OpenApiDocument } from './openApiValidator';
import { readDescriptionFile } from './airbyteStandIn';

const THINGS: OpenApiDocument = {
  openapi: '3.1.0',
  servers: [{ url: 'https://things.example/v2' }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10 } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] } } },
        ],
        responses: {
          200: { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    '/things/special': { get: { operationId: 'special', responses: { 204: { description: 'none' } } } },
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string', format: 'UUID' } }],
      get: {
        operationId: 'getThing',
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
      put: {
        operationId: 'putThing',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['name', 'shape'],
        properties: { name: { type: 'string', minLength: 1 }, shape: { $ref: '#/components/schemas/Shape' } },
      },
      Shape: { oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }] },
      Circle: {
        type: 'object',
        required: ['kind', 'radius'],
        properties: { kind: { const: 'circle' }, radius: { type: 'number', exclusiveMinimum: 0 } },
      },
      Square: { type: 'object', required: ['kind', 'side'], properties: { kind: { const: 'square' }, side: { type: 'number' } } },
    },
  },
};

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('OpenApiDescription on a small document', () => {
  const description = new OpenApiDescription([{ name: 'things', document: THINGS }]);

  test('finds operations under the server path; a fixed path wins over a template', () => {
    expect(description.find('GET', '/v2/things/special')?.operation.operationId).toBe('special');
    expect(description.find('get', `/v2/things/${ID}`)).toMatchObject({
      operation: { operationId: 'getThing', secured: true },
      pathParams: { thingId: ID },
    });
    expect(description.find('DELETE', `/v2/things/${ID}`)).toBeUndefined();
    expect(description.find('GET', '/things')).toBeUndefined();
  });

  test('a conforming request passes', () => {
    const match = description.find('PUT', `/v2/things/${ID}`);
    if (!match) throw new Error('no match');
    expect(description.checkRequest(match, new URLSearchParams(), { name: 'wheel', shape: { kind: 'circle', radius: 2 } })).toEqual([]);
  });

  test('each failure names its field', () => {
    const match = description.find('PUT', '/v2/things/42');
    if (!match) throw new Error('no match');
    expect(description.checkRequest(match, new URLSearchParams('colour=red'), { shape: { kind: 'square', side: 'wide' } })).toEqual([
      // `UUID` in capitals is read as the uuid format.
      'path parameter thingId: String does not match format "uuid"',
      'query parameter colour is not one the description defines for PUT /v2/things/{thingId}',
      'request body: name is required',
      // The oneOf branch chosen by `kind` explains the failure.
      'request body: shape.side: Instance type "string" is invalid. Expected "number"',
    ]);
    expect(description.checkRequest(match, new URLSearchParams(), undefined)).toContain('request body is required (JSON)');
    expect(description.checkRequest(match, new URLSearchParams(), { name: 'x', shape: { kind: 'triangle' } })).toContain(
      'request body: shape: matches none of the 2 shapes the description allows',
    );
  });

  test('query values are read as the schema types them', () => {
    const match = description.find('GET', '/v2/things');
    if (!match) throw new Error('no match');
    expect(description.checkRequest(match, new URLSearchParams('limit=5&tags=red&tags=blue'), undefined)).toEqual([]);
    expect(description.checkRequest(match, new URLSearchParams('limit=11&tags=green'), undefined)).toEqual([
      'query parameter limit: 11 is greater than 10',
      'query parameter tags: [0]: Instance does not match any of ["red","blue"]',
    ]);
    expect(description.checkRequest(match, new URLSearchParams('limit=some'), undefined)).toEqual([
      'query parameter limit: Instance type "string" is invalid. Expected "integer"',
    ]);
  });

  test('answers are checked against the response schema of their status', () => {
    const get = description.find('GET', `/v2/things/${ID}`)?.operation;
    const special = description.find('GET', '/v2/things/special')?.operation;
    if (!get || !special) throw new Error('no match');
    expect(description.checkResponse(get, 200, { name: 'wheel', shape: { kind: 'circle', radius: 1 } })).toEqual([]);
    expect(description.checkResponse(get, 200, { name: '', shape: { kind: 'circle', radius: 0 } })).toEqual([
      'response of getThing 200: name: String is too short (0 < 1)',
      'response of getThing 200: shape.radius: 0 is less than 0',
    ]);
    expect(description.checkResponse(get, 201, {})).toEqual(['status 201 is not one the description lists for getThing']);
    expect(description.checkResponse(special, 204, undefined)).toEqual([]);
  });
});

describe("OpenApiDescription on Airbyte's jobs description", () => {
  const description = new OpenApiDescription([{ name: 'jobs', document: readDescriptionFile('airbyte_jobs_v1.oas.json') }]);

  test('a job needs a known type and a connection id; the job id is an integer', () => {
    const create = description.find('POST', '/v1/jobs');
    if (!create) throw new Error('no match');
    expect(description.checkRequest(create, new URLSearchParams(), { connectionId: ID, jobType: 'sync' })).toEqual([]);
    expect(description.checkRequest(create, new URLSearchParams(), { jobType: 'refresh' })).toEqual([
      'request body: connectionId is required',
      'request body: jobType: Instance does not match any of ["sync","reset"]',
    ]);
    const get = description.find('GET', '/v1/jobs/abc');
    if (!get) throw new Error('no match');
    expect(description.checkRequest(get, new URLSearchParams(), undefined)).toEqual([
      'path parameter jobId: Instance type "string" is invalid. Expected "integer"',
    ]);
  });

  test('a job answer without its status breaks the description', () => {
    const get = description.find('GET', '/v1/jobs/1')?.operation;
    if (!get) throw new Error('no match');
    expect(description.checkResponse(get, 200, { jobId: 1, jobType: 'sync', startTime: 'now', connectionId: ID })).toEqual([
      'response of getJob 200: status is required',
    ]);
  });
});
