// Per-organisation settings of the dev identity server: the organisation's sign-in policy
// (require one-time codes, session idle and maximum lifetimes) and its groups. Kept in
// `${dataDir}/organisations.json`; an organisation nobody has configured gets the defaults,
// which follow the server's own settings, so demo accounts sign in without MFA.
import { randomUUID } from 'node:crypto';
import { readJsonFile, SerialWriter } from './fileStore.js';

export interface OrganisationPolicy {
  requireMfa: boolean;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
}

export interface OrganisationGroup {
  id: string;
  name: string;
}

interface OrganisationRecord {
  policy?: OrganisationPolicy;
  groups: OrganisationGroup[];
}

/** Groups each demo organisation starts with, so the members page has something to show. */
const DEMO_GROUPS: Record<string, readonly string[]> = {
  acme: ['Data engineering', 'Analytics', 'Finance'],
  globex: ['Operations'],
};

export class OrganisationStore {
  private readonly records = new Map<string, OrganisationRecord>();
  private readonly writer: SerialWriter;

  private constructor(
    file: string,
    private readonly defaults: OrganisationPolicy,
  ) {
    this.writer = new SerialWriter(file, () => ({ version: 1, organisations: Object.fromEntries(this.records) }));
  }

  static async open(file: string, defaults: OrganisationPolicy): Promise<OrganisationStore> {
    const store = new OrganisationStore(file, defaults);
    const data = await readJsonFile(file);
    if (data !== undefined) {
      const organisations = (data as { organisations?: unknown }).organisations;
      if (typeof organisations !== 'object' || organisations === null)
        throw new Error(`${file} has an unexpected format; delete it to start afresh`);
      for (const [alias, value] of Object.entries(organisations as Record<string, Partial<OrganisationRecord>>)) {
        store.records.set(alias, { policy: value.policy, groups: Array.isArray(value.groups) ? value.groups : [] });
      }
    }
    return store;
  }

  async seedDemoGroups(): Promise<void> {
    let changed = false;
    for (const [alias, names] of Object.entries(DEMO_GROUPS)) {
      const record = this.recordOf(alias);
      for (const name of names) {
        if (!record.groups.some((group) => group.name === name)) {
          record.groups.push({ id: randomUUID(), name });
          changed = true;
        }
      }
    }
    if (changed) await this.writer.flush();
  }

  private recordOf(alias: string): OrganisationRecord {
    let record = this.records.get(alias);
    if (!record) {
      record = { groups: [] };
      this.records.set(alias, record);
    }
    return record;
  }

  policy(alias: string): OrganisationPolicy {
    return { ...(this.records.get(alias)?.policy ?? this.defaults) };
  }

  /** The policy of an account: its (first) organisation's, or the defaults outside every organisation. */
  policyForOrganisations(aliases: readonly string[]): OrganisationPolicy {
    return aliases[0] ? this.policy(aliases[0]) : { ...this.defaults };
  }

  async setPolicy(alias: string, policy: OrganisationPolicy): Promise<OrganisationPolicy> {
    this.recordOf(alias).policy = { ...policy };
    await this.writer.flush();
    return this.policy(alias);
  }

  groups(alias: string): OrganisationGroup[] {
    return (this.records.get(alias)?.groups ?? []).map((group) => ({ ...group }));
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}
