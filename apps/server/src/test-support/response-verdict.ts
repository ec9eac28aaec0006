import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Operation } from './api-operations.ts';

/** What came back, as the client saw it. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** How a 1xx-3xx answer differs from what the document says of the operation. */
export type MismatchKind = 'status' | 'content-type' | 'schema';
/** Which rule of every answer is broken: a 5xx; a 4xx not JSON, or without a message; a 400 naming no field. */
export type FaultKind = '5xx' | 'error-not-json' | 'error-without-message' | '400-without-field';

export type ProblemKind = MismatchKind | FaultKind;

export interface Problem {
  kind: ProblemKind;
  detail: string;
}

/** The media type of a Content-Type header, without parameters. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The error rules of plugins/errors.ts, seen from the client. */
function errorFaults(answer: Answer): Problem[] {
  const type = mediaType(answer.contentType);
  const notJson = (detail: string): Problem[] => [{ kind: 'error-not-json', detail }];
  if (!isJson(type)) return notJson(`a ${answer.status} that is not JSON (${type || 'no type'})`);
  const error = parsed(answer.body) as { message?: unknown; field?: unknown } | undefined;
  if (typeof error !== 'object' || error === null) {
    return notJson(`a ${answer.status} whose body is not a JSON object`);
  }
  const faults: Problem[] = [];
  if (typeof error.message !== 'string' || error.message.trim() === '') {
    faults.push({ kind: 'error-without-message', detail: `a ${answer.status} without a message` });
  }
  if (answer.status === 400 && (typeof error.field !== 'string' || error.field === '')) {
    faults.push({ kind: '400-without-field', detail: 'a 400 that names no field' });
  }
  return faults;
}

/**
 * Judges answers against the rules and against the OpenAPI document: each body schema is
 * compiled once (draft 2020-12, as OpenAPI 3.1 writes it; `format` is an annotation there).
 */
export class ResponseJudge {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly compiled = new Map<object, ValidateFunction>();

  private validator(schema: object): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /**
   * The rules the answer breaks: no 5xx; a 4xx is JSON `{ message }` and a 400 names its
   * field; any other answer is one the document describes (status, content type, schema).
   */
  judge(op: Operation, answer: Answer): Problem[] {
    if (answer.status >= 500) return [{ kind: '5xx', detail: `answered ${answer.status}` }];
    if (answer.status >= 400) return errorFaults(answer);
    return this.mismatches(op, answer);
  }

  private mismatches(op: Operation, answer: Answer): Problem[] {
    const documented = op.responses[String(answer.status)];
    if (!documented) {
      const listed = Object.keys(op.responses).filter((s) => Number(s) < 400);
      return [
        {
          kind: 'status',
          detail: `undocumented status ${answer.status} (the document lists ${listed.join(', ')})`,
        },
      ];
    }
    const type = mediaType(answer.contentType);
    const types = Object.keys(documented);
    if (answer.body.length === 0 && types.length === 0) return [];
    // OpenAPI keys may be media ranges (image/*): the most specific listed key that covers it.
    const listed = types.includes(type) ? type : types.find((t) => coversRange(t, type));
    if (!listed) {
      const listedTypes = types.length > 0 ? types.join(', ') : 'no body';
      return [
        {
          kind: 'content-type',
          detail: `undocumented content type ${type || '(none)'} (the document lists ${listedTypes})`,
        },
      ];
    }
    const schema = documented[listed];
    if (!schema || !isJson(type)) return [];
    const body = parsed(answer.body);
    const validate = this.validator(schema);
    if (body === undefined || !validate(body)) {
      const why = body === undefined ? 'it is not JSON' : this.ajv.errorsText(validate.errors);
      return [{ kind: 'schema', detail: `a body not matching the documented schema: ${why}` }];
    }
    return [];
  }
}

// Whether a documented media range (image/<any>, or any type at all) covers a media type.
function coversRange(range: string, type: string): boolean {
  if (range === '*/*') return type !== '';
  const [family, sub] = range.split('/');
  return sub === '*' && type.startsWith(`${family}/`);
}
