import type { JsonSchema } from './openapi-inputs.js';

export interface ParamSpec {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** A multipart form the OpenAPI document cannot describe: its text fields' schema and its file fields. */
export interface MultipartForm {
  fields: JsonSchema;
  files: string[];
}

/** One operation: where it is, what it takes and which answers it documents. */
export interface Operation {
  /** 'POST /api/bookings/{id}/cancel' */
  key: string;
  method: string;
  path: string;
  pathParams: ParamSpec[];
  query: ParamSpec[];
  headers: ParamSpec[];
  body?: { schema: JsonSchema; required: boolean };
  multipart?: MultipartForm;
  documented: Set<number>;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} }));
      const json = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        headers: params('header'),
        body: json ? { schema: json, required: !!operation.requestBody?.required } : undefined,
        documented: new Set(Object.keys(operation.responses ?? {}).map(Number)),
      });
    }
  }
  return operations;
}
