import { readFileSync } from 'node:fs';
import path from 'node:path';

interface RealmExport {
  realm: string;
  organizationsEnabled: boolean;
  bruteForceProtected: boolean;
  failureFactor: number;
  roles: { realm: Array<{ name: string }> };
  clients: Array<{
    clientId: string;
    publicClient: boolean;
    standardFlowEnabled: boolean;
    implicitFlowEnabled: boolean;
    directAccessGrantsEnabled: boolean;
    redirectUris: string[];
    webOrigins: string[];
    attributes: Record<string, string>;
    defaultClientScopes: string[];
    protocolMappers: Array<{ protocolMapper: string; config: Record<string, string> }>;
  }>;
  users?: unknown[];
}

const realm = JSON.parse(readFileSync(path.resolve(__dirname, '../../../deploy/keycloak/dataworks-realm.json'), 'utf8')) as RealmExport;

describe('Keycloak realm export', () => {
  it('describes the dataworks realm with brute-force protection, organizations and no users', () => {
    expect(realm.realm).toBe('dataworks');
    expect(realm.organizationsEnabled).toBe(true);
    expect(realm.bruteForceProtected).toBe(true);
    expect(realm.failureFactor).toBe(5);
    expect(realm.users ?? []).toEqual([]);
  });

  it('has every realm role the portal uses', () => {
    const names = realm.roles.realm.map((role) => role.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'user',
        'admin',
        'assured',
        'client-admin',
        'Integration_Engineer',
        'Client-Admin',
        'Client-Dataworks-docs',
        'Client-dataworks-business-users',
        'Client-Lite',
        'Client-Admin-Lite',
        'for-industry',
        'product',
      ]),
    );
  });

  it('has the public PKCE client with audience and organization mappers', () => {
    const client = realm.clients.find((entry) => entry.clientId === 'dataworks-portal-frontend');
    expect(client).toBeDefined();
    expect(client).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      redirectUris: ['http://localhost:3000/*'],
      webOrigins: ['http://localhost:3000'],
    });
    expect(client?.attributes['pkce.code.challenge.method']).toBe('S256');
    expect(client?.defaultClientScopes).toContain('organization');
    const audience = client?.protocolMappers.find((mapper) => mapper.protocolMapper === 'oidc-audience-mapper');
    expect(audience?.config['included.custom.audience']).toBe('dataworks-portal-api');
    const organization = client?.protocolMappers.find((mapper) => mapper.protocolMapper === 'oidc-organization-membership-mapper');
    expect(organization?.config).toMatchObject({ 'claim.name': 'organization', 'access.token.claim': 'true', 'id.token.claim': 'true' });
  });
});
