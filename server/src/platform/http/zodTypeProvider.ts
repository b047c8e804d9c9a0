// Routes declare their params, query, body and response with the zod schemas of common/, and
// Fastify takes validation and request types from them: one schema gives the check, the
// handler's types and the 400 answer (validation.ts names the field). Responses are typed by
// their schema but sent with plain JSON.stringify: re-checking every answer would cost the hot
// paths (bench:api) for what the compiler already proves.
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { parseOr400 } from './validation.js';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parseOr400(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

const jsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) => JSON.stringify(data);

/** Makes route schemas zod schemas for the whole server. */
export function compileRouteSchemasWithZod(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
}
