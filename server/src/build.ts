// `npm start` on a fresh clone has no dist/: build the browser app once before serving.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export async function ensureBrowserBuild(distDir: string, log: (message: string) => void): Promise<void> {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  log(`No browser build in ${distDir}; building it now (npm run build)…`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`))));
  });
}
