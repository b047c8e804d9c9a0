// A file served from memory that follows the file on disk (spa.ts serves index.html with it).
import { readFile, stat } from 'node:fs/promises';

/**
 * A file's text, read again when its modification time changes. While a rebuild has removed
 * it (webpack empties dist/ first), the last copy is served: the old page's assets are gone
 * too by then, but the new ones follow within seconds, and a page is better than a 500.
 */
export function fileFollower(file: string): () => Promise<string> {
  let text: string | null = null;
  let modified = -1;
  return async () => {
    try {
      const { mtimeMs } = await stat(file);
      if (text === null || mtimeMs !== modified) {
        text = await readFile(file, 'utf8');
        modified = mtimeMs;
      }
    } catch (error) {
      if (text === null) throw error;
    }
    return text;
  };
}
