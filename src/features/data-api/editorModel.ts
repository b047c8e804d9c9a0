// The endpoint editor's form state: every field as the text the user typed, turned into the
// definition the API takes (and back). The server validates again and names the field at fault.
import type { EndpointDefinition, EndpointDefinitionInput, EndpointParameterInput } from '@common/data-api/dataApiContract';
import type { ParameterType } from '@common/data-api/dataApiRules';

export interface ParameterForm {
  /** Stable React key; not sent. */
  key: string;
  name: string;
  type: ParameterType;
  required: boolean;
  defaultValue: string;
  minimum: string;
  maximum: string;
  minLength: string;
  maxLength: string;
  pattern: string;
  /** Enum values, comma-separated. */
  values: string;
  description: string;
}

export interface EditorForm {
  name: string;
  description: string;
  sql: string;
  parameters: ParameterForm[];
  rowCap: string;
  pageSize: string;
  cacheSeconds: string;
}

let nextKey = 0;
export const newParameter = (): ParameterForm => ({
  key: `p${(nextKey += 1)}`,
  name: '',
  type: 'string',
  required: false,
  defaultValue: '',
  minimum: '',
  maximum: '',
  minLength: '',
  maxLength: '',
  pattern: '',
  values: '',
  description: '',
});

export const emptyForm = (): EditorForm => ({
  name: '',
  description: '',
  sql: 'SELECT *\nFROM RAW_SHOP.ORDERS\nWHERE SHIPPING_COUNTRY = {{country}}',
  parameters: [{ ...newParameter(), name: 'country', required: true }],
  rowCap: '1000',
  pageSize: '100',
  cacheSeconds: '60',
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function defaultOf(param: ParameterForm): string | number | boolean | null {
  const value = param.defaultValue.trim();
  if (value === '') return null;
  if (param.type === 'integer' || param.type === 'number') return Number(value);
  if (param.type === 'boolean') return value === 'true';
  return value;
}

export function definitionOf(form: EditorForm): EndpointDefinitionInput {
  return {
    sql: form.sql,
    description: form.description,
    parameters: form.parameters.map((param): EndpointParameterInput => ({
      name: param.name.trim(),
      type: param.type,
      required: param.required,
      default: defaultOf(param),
      minimum: numberOrNull(param.minimum),
      maximum: numberOrNull(param.maximum),
      minLength: numberOrNull(param.minLength),
      maxLength: numberOrNull(param.maxLength),
      pattern: param.pattern.trim() === '' ? null : param.pattern,
      values: param.values
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
      description: param.description,
    })),
    rowCap: Number(form.rowCap),
    pageSize: Number(form.pageSize),
    cacheSeconds: Number(form.cacheSeconds),
  };
}

export function formOf(name: string, definition: EndpointDefinition): EditorForm {
  return {
    name,
    description: definition.description,
    sql: definition.sql,
    parameters: definition.parameters.map((param) => ({
      key: `p${(nextKey += 1)}`,
      name: param.name,
      type: param.type,
      required: param.required,
      defaultValue: text(param.default),
      minimum: text(param.minimum),
      maximum: text(param.maximum),
      minLength: text(param.minLength),
      maxLength: text(param.maxLength),
      pattern: text(param.pattern),
      values: param.values.join(', '),
      description: param.description,
    })),
    rowCap: String(definition.rowCap),
    pageSize: String(definition.pageSize),
    cacheSeconds: String(definition.cacheSeconds),
  };
}

/** A definition as readable text, for the diff between versions. */
export function definitionText(definition: EndpointDefinition): string {
  const params = definition.parameters.map((param) => {
    const limits = [
      param.required ? 'required' : `default ${param.default === null ? 'none' : JSON.stringify(param.default)}`,
      param.minimum !== null ? `min ${param.minimum}` : '',
      param.maximum !== null ? `max ${param.maximum}` : '',
      param.minLength !== null ? `min length ${param.minLength}` : '',
      param.maxLength !== null ? `max length ${param.maxLength}` : '',
      param.pattern !== null ? `pattern ${param.pattern}` : '',
      param.values.length ? `values ${param.values.join(', ')}` : '',
    ].filter(Boolean);
    return `  ${param.name}: ${param.type} (${limits.join('; ')})`;
  });
  return [
    `description: ${definition.description}`,
    `row cap: ${definition.rowCap}`,
    `page size: ${definition.pageSize}`,
    `cache: ${definition.cacheSeconds} s`,
    'parameters:',
    ...params,
    'sql:',
    definition.sql,
    '',
  ].join('\n');
}
