/**
 * Small file-backed persistence for the dev identity server: atomic JSON writes (temp file +
 * rename), serialised per file, and a key/value store with expiry that backs oidc-provider's
 * models (sessions, grants, codes, refresh tokens, interactions, ...).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it`);
  }
}

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 1)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** Serialises writes of one file and coalesces bursts: callers await a write that includes their change. */
export class SerialWriter {
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => unknown,
  ) {}

  flush(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.writing) {
      this.writing = writeJsonAtomic(this.file, this.snapshot()).finally(() => {
        this.writing = null;
      });
      return this.writing;
    }
    this.queued = this.writing
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.flush();
      });
    return this.queued;
  }
}

export type Payload = Record<string, unknown>;

interface StoredRecord {
  model: string;
  id: string;
  payload: Payload;
  /** Epoch milliseconds, or null for no expiry. */
  expiresAt: number | null;
}

/** The adapter contract oidc-provider expects for each model. */
export interface ModelAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

function isStoredRecord(value: unknown): value is StoredRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<StoredRecord>;
  return (
    typeof record.model === 'string' &&
    typeof record.id === 'string' &&
    typeof record.payload === 'object' &&
    record.payload !== null &&
    (record.expiresAt === null || typeof record.expiresAt === 'number')
  );
}

export class ModelStore {
  private readonly records = new Map<string, StoredRecord>();
  private readonly writer: SerialWriter;

  private constructor(file: string) {
    this.writer = new SerialWriter(file, () => {
      this.prune();
      return { version: 1, records: [...this.records.values()] };
    });
  }

  static async open(file: string): Promise<ModelStore> {
    const store = new ModelStore(file);
    const data = await readJsonFile(file);
    if (data !== undefined) {
      const records = (data as { records?: unknown }).records;
      if (!Array.isArray(records)) throw new Error(`${file} has an unexpected format; delete it to start afresh`);
      for (const record of records) {
        if (isStoredRecord(record)) store.records.set(`${record.model}:${record.id}`, record);
      }
      store.prune();
    }
    return store;
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, record] of this.records) {
      if (record.expiresAt !== null && record.expiresAt <= now) this.records.delete(key);
    }
  }

  private live(key: string): StoredRecord | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    if (record.expiresAt !== null && record.expiresAt <= Date.now()) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  get(model: string, id: string): Payload | undefined {
    const record = this.live(`${model}:${id}`);
    return record ? structuredClone(record.payload) : undefined;
  }

  findBy(model: string, predicate: (payload: Payload) => boolean): Payload | undefined {
    const now = Date.now();
    for (const record of this.records.values()) {
      if (record.model === model && (record.expiresAt === null || record.expiresAt > now) && predicate(record.payload)) {
        return structuredClone(record.payload);
      }
    }
    return undefined;
  }

  /** Every live record of a model as [id, payload] pairs (copies). */
  entries(model: string): Array<[string, Payload]> {
    const now = Date.now();
    const found: Array<[string, Payload]> = [];
    for (const record of this.records.values()) {
      if (record.model === model && (record.expiresAt === null || record.expiresAt > now))
        found.push([record.id, structuredClone(record.payload)]);
    }
    return found;
  }

  async set(model: string, id: string, payload: Payload, expiresInSeconds?: number): Promise<void> {
    const expiresAt = typeof expiresInSeconds === 'number' ? Date.now() + expiresInSeconds * 1000 : null;
    this.records.set(`${model}:${id}`, { model, id, payload: structuredClone(payload), expiresAt });
    await this.writer.flush();
  }

  async patch(model: string, id: string, changes: Payload): Promise<void> {
    const record = this.live(`${model}:${id}`);
    if (!record) return;
    Object.assign(record.payload, changes);
    await this.writer.flush();
  }

  async delete(model: string, id: string): Promise<void> {
    if (this.records.delete(`${model}:${id}`)) await this.writer.flush();
  }

  async deleteWhere(model: string, predicate: (payload: Payload) => boolean): Promise<void> {
    let changed = false;
    for (const [key, record] of this.records) {
      if (record.model === model && predicate(record.payload)) {
        this.records.delete(key);
        changed = true;
      }
    }
    if (changed) await this.writer.flush();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Factory in the shape oidc-provider's `adapter` setting expects. */
  adapterFor(model: string): ModelAdapter {
    return {
      upsert: (id, payload, expiresIn) => this.set(model, id, payload, expiresIn),
      find: async (id) => this.get(model, id),
      findByUid: async (uid) => this.findBy(model, (payload) => payload.uid === uid),
      findByUserCode: async (userCode) => this.findBy(model, (payload) => payload.userCode === userCode),
      consume: (id) => this.patch(model, id, { consumed: Math.floor(Date.now() / 1000) }),
      destroy: (id) => this.delete(model, id),
      revokeByGrantId: (grantId) => this.deleteWhere(model, (payload) => payload.grantId === grantId),
    };
  }
}
