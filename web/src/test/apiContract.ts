/**
 * The web client against the server's OpenAPI document (src/api/openapi.json, which a server test keeps
 * current): every answer the document allows must parse with the zod schema the client reads it with.
 * A renamed, removed, retyped or newly nullable field on the server fails here instead of in a browser.
 */
import { z } from 'zod/mini';

import documentText from '../api/openapi.json?raw';

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(documentText) as Document;

function resolve(schema: Schema): Schema {
  let resolved = schema;
  while (resolved.$ref) {
    const name = resolved.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`the document references ${name} without describing it`);
    resolved = target;
  }
  return resolved;
}

/** The alternatives a schema allows, each with at most one type. */
function variants(schema: Schema): Schema[] {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return alternatives.flatMap(variants);
  if (resolved.allOf) {
    const parts = resolved.allOf.flatMap(variants);
    return [{ type: 'object', properties: Object.assign({}, ...parts.map((part) => part.properties)) as Record<string, Schema>, required: parts.flatMap((part) => part.required ?? []) }];
  }
  if (Array.isArray(resolved.type)) return resolved.type.map((type) => ({ ...resolved, type }));
  return [resolved];
}

function typeOf(schema: Schema): string {
  if (typeof schema.type === 'string') return schema.type;
  const value = schema.const ?? schema.enum?.[0];
  if (value === null) return 'null';
  if (value !== undefined) return typeof value;
  return schema.properties ? 'object' : 'any';
}

const allowsNull = (schema: Schema) => variants(schema).some((variant) => typeOf(variant) === 'null');

/**
 * How to read the document. `everyFieldSent`: the answer is a plain serialisation of a server type that
 * also reads requests, where serde's `default` makes fields optional on the way in; serde writes every
 * field on the way out, so each documented field counts as sent.
 */
interface Reading {
  everyFieldSent: boolean;
}

/** Why `client` would refuse some value `server` allows (empty: it accepts them all). */
function refusals(server: Schema, client: Schema, path: string, reading: Reading): string[] {
  const clientVariants = variants(client);
  if (clientVariants.some((variant) => typeOf(variant) === 'any')) return [];
  return variants(server).flatMap((sent) => {
    if (typeOf(sent) === 'any') return [];
    const tries = clientVariants.map((accepting) => refusalsOfVariant(sent, accepting, path, reading));
    if (tries.some((problems) => problems.length === 0)) return [];
    return tries.reduce((fewest, problems) => (problems.length < fewest.length ? problems : fewest));
  });
}

function refusalsOfVariant(sent: Schema, accepting: Schema, path: string, reading: Reading): string[] {
  const [sentType, acceptedType] = [typeOf(sent), typeOf(accepting)];
  if (sentType !== acceptedType && !(sentType === 'integer' && acceptedType === 'number')) {
    return [`${path}: the server may send ${sentType}, the client expects ${acceptedType}`];
  }
  const accepted = accepting.enum ?? (accepting.const === undefined ? undefined : [accepting.const]);
  if (accepted) {
    const sentValues = sent.enum ?? (sent.const === undefined ? undefined : [sent.const]);
    if (!sentValues) return [`${path}: the server may send any ${sentType}, the client accepts only ${accepted.join(', ')}`];
    const unknown = sentValues.filter((value) => (value === null ? 'null' : typeof value) === typeOf(accepting) && !accepted.includes(value));
    if (unknown.length) return [`${path}: the server may send ${unknown.join(', ')}, which the client refuses`];
  }
  if (sentType === 'array') return sent.items && accepting.items ? refusals(sent.items, accepting.items, `${path}[]`, reading) : [];
  if (sentType !== 'object') return [];
  const problems = Object.entries(accepting.properties ?? {}).flatMap(([name, property]) => {
    const documented = sent.properties?.[name];
    const required = accepting.required?.includes(name) ?? false;
    const at = `${path}.${name}`;
    if (!documented) return [`${at}: the client reads it, the server does not document it`];
    // serde writes a missing Option as null: a nullable field the client requires is always there.
    const alwaysSent = reading.everyFieldSent || sent.required?.includes(name) || allowsNull(documented);
    if (required && !alwaysSent) return [`${at}: the server may leave it out, the client requires it`];
    return refusals(documented, property, at, reading);
  });
  const [sentValues, acceptedValues] = [sent.additionalProperties, accepting.additionalProperties];
  if (typeof sentValues === 'object' && typeof acceptedValues === 'object') problems.push(...refusals(sentValues, acceptedValues, `${path}{}`, reading));
  return problems;
}

/** The JSON schema of an operation's answer, e.g. `answerSchema('get', '/api/brands')`. */
function answerSchema(method: string, path: string, status: string): Schema {
  const schema = document.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`the document has no JSON answer ${status} for ${method.toUpperCase()} ${path}`);
  return schema;
}

/**
 * Why `schema` would refuse some answer the document allows for the operation, e.g.
 * `answerDrift(z.array(brandSchema), 'get', '/api/brands')`; empty when it parses them all.
 */
export function answerDrift(schema: z.ZodMiniType, method: string, path: string, { status = '200', everyFieldSent = false } = {}): string[] {
  const client = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  return refusals(answerSchema(method, path, status), client, `${method.toUpperCase()} ${path}`, { everyFieldSent });
}

/** The values of an enumeration the document describes, e.g. `documentedValues('Role')`. */
export function documentedValues(name: string): unknown[] {
  return variants({ $ref: `#/components/schemas/${name}` }).flatMap((variant) => variant.enum ?? [variant.const]);
}
