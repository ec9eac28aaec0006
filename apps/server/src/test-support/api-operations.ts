import {
  assertSupported,
  propertiesOf,
  anyOfOf,
  typesOf,
  type JsonSchema,
} from './json-schema-arbitrary.ts';

/** The parts of an OpenAPI 3.1 document the fuzz reads. */
export interface ApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

interface MediaObject {
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, MediaObject> };
  responses?: Record<string, { content?: Record<string, MediaObject> }>;
  security?: unknown[];
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the document, as the fuzz sends it. */
export interface Operation {
  /** `METHOD /path/{name}`, as the document writes the path. */
  key: string;
  method: string;
  path: string;
  /** Whether the document asks for the Auth-Token. */
  auth: boolean;
  params: Parameter[];
  query: Parameter[];
  /** A JSON body, when the document describes one. */
  body?: { schema: JsonSchema; required: boolean };
  /** Media types of a body that is a file (not JSON), when the document describes one. */
  fileTypes: string[];
  /** Documented answers: status -> media type -> schema (undefined: no schema given). */
  responses: Record<string, Record<string, JsonSchema | undefined>>;
}

const JSON_TYPE = 'application/json';
const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** Every operation of the document, in its order; the schemas are checked for generators. */
export function operationsOf(document: ApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push(operationOf(method.toUpperCase(), path, op));
    }
  }
  return operations;
}

function parametersIn(op: OperationObject, where: string): Parameter[] {
  return (op.parameters ?? [])
    .filter((p) => p.in === where)
    .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
}

function operationOf(method: string, path: string, op: OperationObject): Operation {
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content[JSON_TYPE]?.schema;
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    responses[status] = Object.fromEntries(
      Object.entries(response.content ?? {}).map(([type, media]) => [type, media.schema]),
    );
  }
  return {
    key: `${method} ${path}`,
    method,
    path,
    auth: (op.security ?? []).length > 0,
    params: parametersIn(op, 'path'),
    query: parametersIn(op, 'query'),
    ...(jsonSchema && {
      body: { schema: jsonSchema, required: op.requestBody?.required === true },
    }),
    fileTypes: Object.keys(content).filter((type) => type !== JSON_TYPE),
    responses,
  };
}

/** Throws UnsupportedSchemaError when an input of the operation has a schema with no generator. */
export function assertGenerators(op: Operation): void {
  for (const p of [...op.params, ...op.query]) assertSupported(p.schema, `${op.key} ${p.name}`);
  if (op.body) assertSupported(op.body.schema, `${op.key} body`);
}

/** A field of a body, by its path from the root (`['source', 'name']`, `['items', 0, 'titleId']`). */
export interface BodyField {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** The body's fields two levels deep: each can be made hostile or left out on its own. */
export function bodyFields(schema: JsonSchema, prefix: (string | number)[] = []): BodyField[] {
  const found: BodyField[] = [];
  const objects = [schema, ...anyOfOf(schema)].filter((s) => typesOf(s).includes('object'));
  for (const object of objects) {
    const required = new Set((object['required'] as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(propertiesOf(object))) {
      const path = [...prefix, name];
      found.push({ path, schema: property, required: required.has(name) });
      if (prefix.length > 0) continue;
      found.push(...bodyFields(property, path));
      const items = property['items'] as JsonSchema | undefined;
      if (items && typesOf(property).includes('array'))
        found.push(...bodyFields(items, [...path, 0]));
    }
  }
  return found;
}

/** The document's path with `{name}` segments filled with URL text. */
export function fillDocumentPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name] ?? '');
}
