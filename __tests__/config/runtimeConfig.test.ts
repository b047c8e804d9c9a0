import { ConfigError } from '../../src/config/configError';
import { parseRuntimeConfig } from '../../src/config/runtimeConfig';
import { isSafeLocalPath, viewerPath } from '@common/paths';

const valid = {
  apiBaseUrl: '/',
  identity: { url: 'http://localhost:8180', realm: 'dataworks', clientId: 'dataworks-portal-frontend' },
};

describe('runtime config', () => {
  it('fills in defaults', () => {
    expect(parseRuntimeConfig(valid)).toMatchObject({ productName: 'Dataworks', analytics: { token: '', debug: false }, catalogUrl: '' });
  });

  it.each([
    [{ ...valid, identity: { ...valid.identity, url: 'not a url' } }, 'identity.url'],
    [{ ...valid, identity: { ...valid.identity, url: 'javascript:alert(1)' } }, 'identity.url'],
    [{ ...valid, identity: { ...valid.identity, realm: '' } }, 'identity.realm'],
    [{ apiBaseUrl: '/' }, 'identity'],
    [{ ...valid, apiBaseUrl: 7 }, 'apiBaseUrl'],
    [{ ...valid, catalogUrl: 'ftp://x' }, 'catalogUrl'],
  ])('names the field at fault', (value, field) => {
    expect(() => parseRuntimeConfig(value)).toThrow(ConfigError);
    expect(() => parseRuntimeConfig(value)).toThrow(`"${field}"`);
  });

  it('refuses unknown fields', () => {
    expect(() => parseRuntimeConfig({ ...valid, secret: 'x' })).toThrow(/unknown field\(s\) secret/);
  });
});

describe('paths', () => {
  it.each(['/app/home', '/app/viewer/x?dashboard_url=https%3A%2F%2Fa'])('%s is a safe local path', (path) => {
    expect(isSafeLocalPath(path)).toBe(true);
  });
  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'app/home', '', null, '/\u0000x'])('%s is refused', (path) => {
    expect(isSafeLocalPath(path)).toBe(false);
  });
  it('viewer links encode both parts', () => {
    expect(viewerPath('Sales & Ops', 'https://d.example/x?a=1&b=2')).toBe(
      '/app/viewer/Sales%20%26%20Ops?dashboard_url=https%3A%2F%2Fd.example%2Fx%3Fa%3D1%26b%3D2',
    );
  });
});
