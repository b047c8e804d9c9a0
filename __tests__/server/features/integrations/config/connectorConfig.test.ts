import {
  ConnectorConfigError,
  joinSecrets,
  keepStoredSecrets,
  maskConfig,
  secretValues,
  SECRET_MASK,
  splitSecrets,
  validateConfig,
} from '../../../../../server/src/features/integrations/config/connectorConfig';

// In the shape of Airbyte's PostgreSQL source spec: secrets at the top and inside a oneOf group.
const spec = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['host', 'port', 'database', 'username'],
  additionalProperties: false,
  properties: {
    host: { type: 'string', title: 'Host', order: 0 },
    port: { type: 'integer', minimum: 0, maximum: 65536, default: 5432, order: 1 },
    database: { type: 'string', order: 2 },
    username: { type: 'string', order: 3 },
    password: { type: 'string', airbyte_secret: true, order: 4 },
    tunnel_method: {
      type: 'object',
      title: 'SSH tunnel',
      oneOf: [
        { title: 'No tunnel', required: ['tunnel_method'], properties: { tunnel_method: { const: 'NO_TUNNEL' } } },
        {
          title: 'Password',
          required: ['tunnel_method', 'tunnel_host', 'tunnel_user_password'],
          properties: {
            tunnel_method: { const: 'SSH_PASSWORD_AUTH' },
            tunnel_host: { type: 'string' },
            tunnel_user_password: { type: 'string', airbyte_secret: true },
          },
        },
      ],
    },
  },
};

const config = {
  host: 'db.internal',
  port: 5432,
  database: 'shop',
  username: 'reader',
  password: 'hunter2-secret',
  tunnel_method: { tunnel_method: 'SSH_PASSWORD_AUTH', tunnel_host: 'bastion', tunnel_user_password: 'tunnel-secret' },
};

it('accepts a valid config and fills defaults', () => {
  expect(validateConfig(spec, { host: 'h', database: 'd', username: 'u' })).toEqual({
    host: 'h',
    database: 'd',
    username: 'u',
    port: 5432,
  });
});

it('names the field at fault', () => {
  const refusal = (value: unknown): [string, string] | null => {
    try {
      validateConfig(spec, value);
    } catch (error) {
      if (error instanceof ConnectorConfigError) return [error.field, error.message];
      throw error;
    }
    return null;
  };
  expect(refusal({ host: 'h', database: 'd' })).toEqual(['username', 'username is required.']);
  expect(refusal({ host: 'h', database: 'd', username: 'u', port: 'five' })).toEqual(['port', 'port must be integer.']);
  expect(refusal({ host: 'h', database: 'd', username: 'u', port: 70000 })).toEqual(['port', 'port must be <= 65536.']);
  expect(refusal({ host: 'h', database: 'd', username: 'u', colour: 'red' })).toEqual([
    'colour',
    'colour is not a setting of this connector.',
  ]);
  expect(refusal({ ...config, tunnel_method: { tunnel_method: 'SSH_PASSWORD_AUTH', tunnel_host: 'b' } })?.[0]).toBe(
    'tunnel_method.tunnel_user_password',
  );
  expect(refusal('text')).toEqual(['(config)', 'The configuration must be an object.']);
});

it('finds secrets at the top and in the chosen oneOf branch, and masks them', () => {
  expect(maskConfig(spec, config)).toEqual({
    ...config,
    password: SECRET_MASK,
    tunnel_method: { ...config.tunnel_method, tunnel_user_password: SECRET_MASK },
  });
  expect(secretValues(spec, config).sort()).toEqual(['hunter2-secret', 'tunnel-secret']);
});

it('splits secrets off for encryption and joins them back', () => {
  const { plain, secrets } = splitSecrets(spec, config);
  expect(JSON.stringify(plain)).not.toMatch(/hunter2|tunnel-secret/);
  expect(secrets).toEqual({ password: 'hunter2-secret', 'tunnel_method.tunnel_user_password': 'tunnel-secret' });
  expect(joinSecrets(plain, secrets)).toEqual(config);
});

it('keeps stored secrets the browser sent back masked, and asks for one never stored', () => {
  const edited = { ...maskConfig(spec, config), host: 'db2.internal' };
  expect(keepStoredSecrets(spec, edited, { password: 'hunter2-secret', 'tunnel_method.tunnel_user_password': 'tunnel-secret' })).toEqual({
    ...config,
    host: 'db2.internal',
  });
  expect(() => keepStoredSecrets(spec, edited, { password: 'hunter2-secret' })).toThrow(
    new ConnectorConfigError('tunnel_method.tunnel_user_password', 'tunnel_method.tunnel_user_password is required.'),
  );
});

it('says so when the spec itself is not a valid schema', () => {
  expect(() => validateConfig({ type: 'object', properties: { a: { type: 'strnig' } } }, {})).toThrow(
    /The connector's spec is not a valid JSON Schema/,
  );
  expect(() => validateConfig({ type: 'object', properties: { a: { type: 'string', colour: 'red' } } }, {})).toThrow(
    /unknown keyword: "colour"/,
  );
});

it('accepts defaults inside oneOf options, as Airbyte specs (and the HTTP API source) give them', () => {
  const spec = {
    type: 'object',
    properties: {
      auth: {
        type: 'object',
        oneOf: [
          { title: 'None', required: ['type'], properties: { type: { const: 'none' } } },
          {
            title: 'API key',
            required: ['type', 'api_key'],
            properties: {
              type: { const: 'api_key' },
              header: { type: 'string', default: 'X-API-Key' },
              api_key: { type: 'string', airbyte_secret: true },
            },
          },
        ],
      },
    },
  };
  expect(validateConfig(spec, { auth: { type: 'none' } })).toEqual({ auth: { type: 'none' } });
  expect(() => validateConfig(spec, { auth: { type: 'api_key' } })).toThrow(ConnectorConfigError);
});
