import type { FastifyInstance } from 'fastify';

/** What the OpenAPI document says one answer of an operation is. */
export interface DocumentedResponse {
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

/** The document's operations by "METHOD /path/{param}". */
export type DocumentedOperations = Map<string, Record<string, DocumentedResponse>>;

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>>;
}

/** A Fastify route URL (`:param`) as an OpenAPI path (`{param}`). */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function operationsOf(document: OpenApiDocument): DocumentedOperations {
  const operations: DocumentedOperations = new Map();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${path}`, operation.responses ?? {});
    }
  }
  return operations;
}

/** Whether a documented media type (`image/*` is a range) covers the one answered. */
function covers(documented: string, answered: string): boolean {
  if (documented === answered) return true;
  return documented.endsWith('/*') && answered.startsWith(documented.slice(0, -1));
}

/** One answer as the check sees it. */
export interface Answer {
  status: number;
  /** The Content-Type's media type, lower case, without parameters; none without a body. */
  mediaType: string | undefined;
  hasBody: boolean;
  hasLocation: boolean;
}

/**
 * Why the document does not describe this answer, or null when it does: a status it does not
 * list, a media type its content lacks, a body where it documents none, or a redirect without
 * the Location it promises.
 */
export function undocumented(
  responses: Record<string, DocumentedResponse>,
  answer: Answer,
): string | null {
  const documented = responses[String(answer.status)];
  if (!documented) {
    return `answered ${answer.status}; it documents ${Object.keys(responses).join(', ')}`;
  }
  const media = Object.keys(documented.content ?? {});
  if (media.length === 0) {
    if (answer.hasBody) {
      return `answered ${answer.status} with a ${answer.mediaType ?? 'typeless'} body; it documents none`;
    }
  } else if (!answer.mediaType || !media.some((m) => covers(m, answer.mediaType!))) {
    return `answered ${answer.status} as ${answer.mediaType ?? 'no content type'}; it documents ${media.join(' or ')}`;
  }
  if (documented.headers?.['Location'] && !answer.hasLocation) {
    return `answered ${answer.status} without the Location header it documents`;
  }
  return null;
}

/** Documents already read, by the app's route table (test apps share one set of routes). */
const documents = new Map<string, DocumentedOperations>();
const undocumentedAnswers: string[] = [];

/** The answers seen since the last call that the app's OpenAPI document does not describe. */
export function takeUndocumentedAnswers(): string[] {
  return undocumentedAnswers.splice(0);
}

function payloadLength(payload: unknown): number {
  if (payload === null || payload === undefined) return 0;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return payload.length;
  return 1; // a stream: a body of some length
}

/**
 * Checks every answer of `app` against its own OpenAPI document (the one the app serves):
 * each answer of a documented operation must have a documented status, media type and, for a
 * redirect, Location. Routes that declare no answers (the SPA, the document itself, routes a
 * test adds; every API route declares its own, see lib/route.ts) and HEAD requests are not
 * checked. What it finds is collected for
 * {@link takeUndocumentedAnswers}: the server's test setup fails the test that saw it.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let operations: DocumentedOperations | undefined;
  const documented = (): DocumentedOperations => {
    if (operations) return operations;
    const routes = app.printRoutes({ commonPrefix: false });
    operations = documents.get(routes);
    if (!operations) {
      operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
      documents.set(routes, operations);
    }
    return operations;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD' || !request.routeOptions.schema?.response) {
      return payload;
    }
    const responses = documented().get(`${request.method} ${openApiPath(url)}`);
    if (!responses) return payload;
    const contentType = reply.getHeader('content-type');
    const problem = undocumented(responses, {
      status: reply.statusCode,
      mediaType:
        typeof contentType === 'string'
          ? contentType.split(';')[0]?.trim().toLowerCase()
          : undefined,
      hasBody: payloadLength(payload) > 0,
      hasLocation: reply.hasHeader('location'),
    });
    if (problem) undocumentedAnswers.push(`${request.method} ${url} ${problem}`);
    return payload;
  });
}
