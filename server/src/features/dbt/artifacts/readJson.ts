// Reads one artifact file once, and says precisely what is wrong with it when it cannot be
// used: empty, not JSON, cut off, not an object, or without a dbt schema version.
import { promises as fs } from 'node:fs';
import { ArtifactError } from '../errors.js';

/** The file's JSON. The text is dropped as soon as it is parsed, so the file is in memory once as text, once as objects, never twice as either. */
export async function readArtifactFile(file: string, part: string): Promise<unknown> {
  const text = await fs.readFile(file, 'utf8');
  return parseArtifactText(text, part);
}

/** dbt's artifacts nest a few levels deep (meta and config values a little more); far deeper is not one. */
export const ARTIFACT_DEPTH_MAX = 200;

/**
 * How deeply `text`'s JSON nests objects and arrays, counted in one pass over the text (strings
 * skipped). Stops as soon as `limit` is passed: a value nested 100,000 levels parses, but every
 * recursive step the portal takes over it afterwards (writing it to the store) would overflow.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92)
        index += 1; // backslash: skip the escaped character
      else if (char === 34) inString = false;
    } else if (char === 34) {
      inString = true;
    } else if (char === 123 || char === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 125 || char === 93) {
      depth -= 1;
    }
  }
  return false;
}

export function parseArtifactText(text: string, part: string): unknown {
  if (text.trim() === '') throw new ArtifactError(part, `${part} is empty: send the JSON file dbt wrote (target/${part}.json).`);
  if (jsonDepthExceeds(text, ARTIFACT_DEPTH_MAX))
    throw new ArtifactError(
      part,
      `${part} nests objects or arrays more than ${ARTIFACT_DEPTH_MAX} levels deep, which no dbt artifact does.`,
    );
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ArtifactError(
      part,
      isTruncation(reason, text)
        ? `${part} is truncated JSON (${reason}): the file ends before the JSON does; upload the complete file.`
        : `${part} is not valid JSON (${reason}).`,
    );
  }
}

/** A parse error at the very end of the text (or an unterminated string) means the file was cut off. */
function isTruncation(reason: string, text: string): boolean {
  if (/end of (json )?input|Unterminated string/i.test(reason)) return true;
  const position = /position (\d+)/.exec(reason)?.[1];
  return position !== undefined && Number(position) >= text.trimEnd().length - 1;
}

const SCHEMA_VERSION = /^https?:\/\/schemas\.getdbt\.com\/dbt\/([a-z-]+)\/(v\d+)(?:\.json)?$/;

export interface SchemaVersion {
  /** The artifact kind in the URL: manifest, run-results, sources, catalog. */
  kind: string;
  /** `v12` */
  version: string;
}

/** `metadata.dbt_schema_version`, e.g. https://schemas.getdbt.com/dbt/manifest/v12.json. */
export function schemaVersionOf(json: unknown, part: string): SchemaVersion {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ArtifactError(part, `${part} is not a dbt artifact: expected a JSON object with "metadata.dbt_schema_version".`);
  }
  const metadata = (json as Record<string, unknown>).metadata;
  const url = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>).dbt_schema_version : undefined;
  if (url === undefined || url === null) {
    throw new ArtifactError(part, `${part} has no "metadata.dbt_schema_version": it is not a dbt artifact, or not one dbt wrote.`);
  }
  const match = typeof url === 'string' ? SCHEMA_VERSION.exec(url.trim()) : null;
  if (!match?.[1] || !match[2]) {
    throw new ArtifactError(
      part,
      `${part} has a "metadata.dbt_schema_version" that is not a dbt schema URL: ${JSON.stringify(url).slice(0, 200)}.`,
    );
  }
  return { kind: match[1], version: match[2] };
}

/** Refuses an artifact of another kind or of a version outside `supported`, naming both. */
export function requireVersion(json: unknown, part: string, kind: string, supported: readonly string[]): string {
  const found = schemaVersionOf(json, part);
  if (found.kind !== kind) {
    throw new ArtifactError(
      part,
      `${part} is a dbt ${found.kind} artifact (${found.version}), not a ${kind}: send each file in its own part.`,
    );
  }
  if (!supported.includes(found.version)) {
    throw new ArtifactError(part, `${kind} schema ${found.version} is not supported: this portal reads ${supported.join(', ')}.`);
  }
  return found.version;
}
