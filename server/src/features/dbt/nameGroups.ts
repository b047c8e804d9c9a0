// The search documents grouped by lower-cased name (an asset's, or a column's). Many documents
// share a name (`order_id` in dozens of models), so a search works per name rather than per
// document: an in-word match ("ustomer" in "customers", which full-text prefixes cannot find)
// is one indexOf over every distinct name joined together, and a name's ranking score is
// worked out once for all the documents bearing it.

export interface NameGroups {
  /** Distinct lower-cased names, in first-seen order: a group's id is its place here. */
  readonly names: readonly string[];
  /** The words of each name (split at anything but letters and digits), for ranking. */
  readonly words: ReadonlyArray<readonly string[]>;
  /** Every name, each followed by a NUL (search words are letters and digits, so never match across two names). */
  readonly joined: string;
  /** Where name g starts in `joined`, ascending. */
  readonly offsets: Int32Array;
  /** The group of the document at each position. */
  readonly groupOf: Int32Array;
  /** Positions of group g's documents, ascending: members[memberStarts[g]] up to members[memberStarts[g + 1]]. */
  readonly memberStarts: Int32Array;
  readonly members: Int32Array;
}

const SEPARATOR = '\u0000';

/** Groups the documents (given by lower-cased name, in position order). */
export function buildNameGroups(lowerNames: readonly string[]): NameGroups {
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const groupOf = new Int32Array(lowerNames.length);
  lowerNames.forEach((name, position) => {
    let id = idOf.get(name);
    if (id === undefined) {
      id = names.length;
      idOf.set(name, id);
      names.push(name);
    }
    groupOf[position] = id;
  });
  const memberStarts = new Int32Array(names.length + 1);
  for (const group of groupOf) memberStarts[group + 1] = (memberStarts[group + 1] as number) + 1;
  for (let g = 0; g < names.length; g += 1) memberStarts[g + 1] = (memberStarts[g + 1] as number) + (memberStarts[g] as number);
  const filled = memberStarts.slice(0, names.length);
  const members = new Int32Array(lowerNames.length);
  groupOf.forEach((group, position) => {
    members[filled[group] as number] = position;
    filled[group] = (filled[group] as number) + 1;
  });
  const offsets = new Int32Array(names.length);
  let offset = 0;
  names.forEach((name, g) => {
    offsets[g] = offset;
    offset += name.length + 1;
  });
  const words = names.map((name) => name.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  return { names, words, joined: names.join(SEPARATOR) + SEPARATOR, offsets, groupOf, memberStarts, members };
}

/** The group whose name holds character `at` of `joined`. */
function groupAt(groups: NameGroups, at: number): number {
  let low = 0;
  let high = groups.offsets.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((groups.offsets[middle] as number) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Ids of the groups whose name holds every word somewhere inside it, ascending. */
export function groupsHolding(groups: NameGroups, words: readonly string[]): number[] {
  if (words.length === 0 || groups.names.length === 0) return [];
  // The longest word is the rarest: find it, then check the others in each name it is in.
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best));
  const found: number[] = [];
  let at = groups.joined.indexOf(longest);
  while (at !== -1) {
    const group = groupAt(groups, at);
    const name = groups.names[group] as string;
    if (words.every((word) => word === longest || name.includes(word))) found.push(group);
    // On to the next name: one group is listed once, however often the word is in its name.
    const nextName = (groups.offsets[group] as number) + name.length + 1;
    at = groups.joined.indexOf(longest, nextName);
  }
  return found;
}
