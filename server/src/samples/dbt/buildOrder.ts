/** The order `dbt build` runs a project in. */
import type { Buildable, CompiledTest, Executable } from './compiledTypes.js';
import { ProjectError } from './yamlValues.js';

/** Seeds, models and snapshots parents first (ties by name), each node's tests right after it. */
export function buildOrder(nodes: Buildable[], tests: CompiledTest[]): Executable[] {
  const byId = new Map(nodes.map((node) => [node.uniqueId, node]));
  const parentsOf = (node: Buildable): string[] => (node.kind === 'seed' ? [] : node.nodes.filter((id) => byId.has(id)));
  const done = new Set<string>();
  const order: Executable[] = [];
  const pendingTests = [...tests];
  const remaining = [...nodes].sort((a, b) => a.uniqueId.localeCompare(b.uniqueId));
  while (remaining.length > 0) {
    const index = remaining.findIndex((node) => parentsOf(node).every((id) => done.has(id)));
    if (index < 0)
      throw new ProjectError('models', `the models' refs form a cycle through ${remaining.map((node) => node.def.name).join(', ')}`);
    const [node] = remaining.splice(index, 1);
    if (!node) break;
    order.push(node);
    done.add(node.uniqueId);
    for (let i = 0; i < pendingTests.length;) {
      const test = pendingTests[i];
      if (test && test.nodes.every((id) => !byId.has(id) || done.has(id))) {
        order.push(test);
        pendingTests.splice(i, 1);
      } else i += 1;
    }
  }
  order.push(...pendingTests);
  return order;
}
