import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileFollower } from '../../../../server/src/platform/http/fileFollower';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-follow-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

it('serves the new index.html after a rebuild, and the last one while the file is missing', async () => {
  const file = path.join(dir, 'index.html');
  await fs.writeFile(file, '<p>build 1</p>');
  const read = fileFollower(file);
  expect(await read()).toBe('<p>build 1</p>');

  await fs.writeFile(file, '<p>build 2</p>');
  // Some file systems keep whole-second times: make the change visible whatever the resolution.
  await fs.utimes(file, new Date(), new Date(Date.now() + 5_000));
  expect(await read()).toBe('<p>build 2</p>');

  await fs.rm(file);
  expect(await read()).toBe('<p>build 2</p>');
});

it('fails, naming the file, when there has never been a build', async () => {
  await expect(fileFollower(path.join(dir, 'index.html'))()).rejects.toThrow(/index\.html/);
});
