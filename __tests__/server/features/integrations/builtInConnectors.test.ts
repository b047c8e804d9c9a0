// How the engine starts a built-in connector: the program bundled once into node_modules/.cache
// and run on bare Node, each connector speaking the protocol from its bundle.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AirbyteMessage } from '@common/integrations/airbyteProtocol';
import { type BuiltInConnectorId, builtInConnectorCommand } from '../../../../server/src/features/integrations/builtInConnectors';
import { runConnector } from '../../../../server/src/features/integrations/engine/connectorProcess';

jest.setTimeout(60_000);

const IDS: BuiltInConnectorId[] = ['source-sample', 'source-http', 'source-postgres', 'source-file'];

describe('built-in connector commands', () => {
  it.each(IDS)('%s runs from its bundle under node_modules/.cache and answers spec', async (id) => {
    const command = builtInConnectorCommand(id, process.cwd());
    expect(command.args).toHaveLength(1);
    const bundle = command.args[0]!;
    expect(bundle.startsWith(path.join(process.cwd(), 'node_modules/.cache/dataworks-connectors') + path.sep)).toBe(true);
    expect(bundle).toMatch(/-[0-9a-f]{16}\.mjs$/);
    expect(existsSync(bundle)).toBe(true);
    // The same program is bundled once per process.
    expect(builtInConnectorCommand(id, process.cwd()).args).toEqual(command.args);

    const messages: AirbyteMessage[] = [];
    await runConnector(command, {
      operation: 'spec',
      timeoutMs: 30_000,
      memoryLimitMb: 256,
      onMessage: (message) => void messages.push(message),
    });
    expect(messages.map((message) => message.type)).toEqual(['SPEC']);
  });

  it('passes the network and files settings to the connector only when given', () => {
    expect(builtInConnectorCommand('source-file', process.cwd()).env).toEqual({});
    expect(builtInConnectorCommand('source-file', process.cwd(), { privateNetworks: true, filesDir: '/srv/files' }).env).toEqual({
      DATAWORKS_CONNECTOR_PRIVATE_NETWORKS: 'allow',
      DATAWORKS_CONNECTOR_FILES_DIR: '/srv/files',
    });
  });
});
