// How areas talk without importing each other. A port is a contract declared once in
// platform/ports/ (for example "the organisation's warehouse" or "catalog settings"); one area
// provides it, others use it. An extension point is a contract many areas may add to (for
// example "told of every dbt ingestion"), and the one area that owns the event calls them all.
// The registry is built by the app before any area registers and handed to each in its context.

/** A contract one area provides and others use, named for error messages. */
export interface Port<T> {
  readonly name: string;
  /** Never set: carries the contract's type. */
  readonly contract?: T;
}

/** A contract many areas may contribute to; the owning area calls every contribution. */
export interface ExtensionPoint<T> {
  readonly name: string;
  readonly contract?: T;
  readonly many: true;
}

export const definePort = <T>(name: string): Port<T> => ({ name });
export const defineExtensionPoint = <T>(name: string): ExtensionPoint<T> => ({ name, many: true });

export interface PortRegistry {
  /** Makes `implementation` the port's one provider; a second provider is a wiring mistake and throws. */
  provide<T>(port: Port<T>, implementation: T): void;
  /** The port's provider; throws naming the port when no area listed earlier provides it. */
  use<T>(port: Port<T>): T;
  /**
   * The port's provider, looked up at each call: for an area that registers before the provider
   * (or need not care about the order). A call before any area provides it throws as `use` does.
   */
  later<T extends object>(port: Port<T>): T;
  /** The port's provider, or null when no area provides it (the using area works without it). */
  find<T>(port: Port<T>): T | null;
  /** Adds a contribution to an extension point. */
  extend<T>(point: ExtensionPoint<T>, contribution: T): void;
  /** Every contribution so far; the same array grows as later areas contribute. */
  contributions<T>(point: ExtensionPoint<T>): readonly T[];
}

export function createPortRegistry(): PortRegistry {
  const provided = new Map<string, unknown>();
  const extensions = new Map<string, unknown[]>();
  const listOf = (name: string): unknown[] => {
    let list = extensions.get(name);
    if (!list) extensions.set(name, (list = []));
    return list;
  };
  const registry: PortRegistry = {
    provide(port, implementation) {
      if (provided.has(port.name)) throw new Error(`The port "${port.name}" is provided twice; one area provides each port.`);
      provided.set(port.name, implementation);
    },
    use<T>(port: Port<T>): T {
      if (!provided.has(port.name)) {
        throw new Error(`No area provides the port "${port.name}"; list the area that provides it before the areas that use it.`);
      }
      return provided.get(port.name) as T;
    },
    later<T extends object>(port: Port<T>): T {
      return new Proxy({} as T, {
        get(_target, key) {
          const implementation = registry.use(port) as Record<string | symbol, unknown>;
          const member = implementation[key];
          return typeof member === 'function' ? member.bind(implementation) : member;
        },
      });
    },
    find<T>(port: Port<T>): T | null {
      return provided.has(port.name) ? (provided.get(port.name) as T) : null;
    },
    extend(point, contribution) {
      listOf(point.name).push(contribution);
    },
    contributions<T>(point: ExtensionPoint<T>): readonly T[] {
      return listOf(point.name) as T[];
    },
  };
  return registry;
}
