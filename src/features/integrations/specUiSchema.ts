// Airbyte's annotations on a connector spec, turned into what the form library understands:
// `order` → ui:order, `airbyte_secret` → a password field. `oneOf` groups need nothing: the
// library renders its own selector for them.
import type { UiSchema } from '@rjsf/utils';

type JsonSchema = Record<string, unknown>;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function specUiSchema(schema: JsonSchema): UiSchema {
  const ui: UiSchema = {};
  if (schema.airbyte_secret === true) ui['ui:widget'] = 'password';
  const properties = isObject(schema.properties) ? schema.properties : null;
  if (properties) {
    const names = Object.keys(properties);
    const orderOf = (name: string) => {
      const order = (properties[name] as JsonSchema | undefined)?.order;
      return typeof order === 'number' ? order : Number.MAX_SAFE_INTEGER;
    };
    if (names.some((name) => orderOf(name) !== Number.MAX_SAFE_INTEGER))
      ui['ui:order'] = [...names].sort((a, b) => orderOf(a) - orderOf(b)).concat('*');
    for (const name of names) {
      const child = properties[name];
      if (isObject(child)) {
        const childUi = specUiSchema(child);
        if (Object.keys(childUi).length > 0) ui[name] = childUi;
      }
    }
  }
  for (const group of ['oneOf', 'anyOf'] as const) {
    const options = schema[group];
    // Secrets inside a oneOf option: the library reads the option's ui from the parent's entry.
    if (Array.isArray(options)) for (const option of options) if (isObject(option)) Object.assign(ui, specUiSchema(option));
  }
  if (isObject(schema.items)) {
    const itemsUi = specUiSchema(schema.items);
    if (Object.keys(itemsUi).length > 0) ui.items = itemsUi;
  }
  return ui;
}

/** What a stored secret's field says under it: the value is kept unless a new one is typed. */
export const STORED_SECRET_HELP = 'Set and hidden. Leave blank to keep it, or type a new value to replace it.';

/** The form's ui with each stored secret (dot path) marked as set, its field blank. */
export function storedSecretHints(ui: UiSchema, paths: readonly string[]): UiSchema {
  const copy: UiSchema = { ...ui };
  for (const path of paths) {
    const [head, ...rest] = path.split('.') as [string, ...string[]];
    const child = isObject(copy[head]) ? (copy[head] as UiSchema) : {};
    copy[head] = rest.length
      ? storedSecretHints(child, [rest.join('.')])
      : { ...child, 'ui:widget': 'password', 'ui:help': STORED_SECRET_HELP, 'ui:placeholder': 'Set (hidden)' };
  }
  return copy;
}

/** The server blames `config.a.b`; the form shows it at field a.b. */
export function configErrorSchema(field: string | undefined, message: string): Record<string, unknown> | undefined {
  if (!field?.startsWith('config.')) return undefined;
  const parts = field.slice('config.'.length).split('.').filter(Boolean);
  if (parts.length === 0) return undefined;
  const root: Record<string, unknown> = {};
  let node = root;
  for (const part of parts) {
    const next: Record<string, unknown> = {};
    node[part] = next;
    node = next;
  }
  node.__errors = [message];
  return root;
}
