import type { LightMyRequestResponse } from 'fastify';
import { AUTH_HEADER, fillPath, type Access } from '@csp/contracts';
import { FIXTURE_HOSTS } from '../test-fixture.ts';
import type { TestContext } from '../test-app.ts';
import {
  CALLER_MODELS,
  describeAccess,
  expectedFor,
  type Expected,
  type Item,
} from './expected-answer.ts';
import {
  buildRequest,
  namesAnItem,
  type MatrixRequest,
  type NamedContract,
} from './matrix-requests.ts';
import { storeTokenCalls } from './matrix-store-token-calls.ts';
import { studentCalls } from './matrix-student-calls.ts';
import type { MatrixWorld } from './matrix-world.ts';

/**
 * What the matrix accepts: a refusal, an answer, a success (public calls), no refusal, a
 * credential's answer (anything but 403), a store's credential refused on another store's host,
 * or another store's records refused (404, or 400 naming the field).
 */
type Want =
  | Expected
  | {
      status: 'success' | 'notRefused' | 'credential' | 'credentialElsewhere' | 'otherStore';
      why: string;
    };

const OTHER_STORE = { status: 'otherStore', why: "store A's records are not store B's" } as const;

interface MatrixCall {
  who: string;
  host: string;
  token?: string;
  /** Headers besides the Auth-Token (a student's session). */
  headers?: Record<string, string>;
  request: MatrixRequest;
  want: Want;
}

const ITEM_WORDS: Record<Item, string> = {
  inside: "Biology's item (BIO 101, section 001)",
  outside: "Law School's item (outside Biology)",
  untaught: "BIO 101's section 002 (not the instructor's)",
};

const STUDENT_WORDS: Record<Item, string> = {
  inside: 'Alice (enrolled in BIO 101 section 001)',
  outside: 'a student enrolled in the law section only',
  untaught: 'Alice',
};

/** Before each call of these, the world is put back as the call needs it. */
const BEFORE_EACH: Record<string, (world: MatrixWorld) => Promise<void>> = {
  unAssignUserRoles: (world) => world.grantTargetRole('store'),
  unAssignUserRolesAndCatalog: (world) => world.grantTargetRole('biology'),
};

/** Every call the matrix makes of one contract, refusals first (a permitted write runs last). */
export function callsFor(world: MatrixWorld, named: NamedContract): MatrixCall[] {
  const { access, path } = named.contract;
  const admin = world.callers['storeAdmin']!;
  const storeB = world.callers['storeB']!;
  const ask = (
    who: { userName: string; accountId: number },
    item: Item = 'inside',
    other = false,
  ) => buildRequest(world, named, { ...who, item, other });
  const calls: MatrixCall[] = [];
  if (access.kind === 'student') return studentCalls(world, named);
  if (access.kind === 'storeToken') return storeTokenCalls(world, named);
  if (access.kind === 'public') {
    const request = ask(admin);
    calls.push({
      who: 'anonymous, on store A',
      host: FIXTURE_HOSTS.a,
      request,
      want: access.credentials
        ? { status: 'credential', why: 'anyone may try a credential' }
        : { status: 'success', why: 'anyone may call it' },
    });
    calls.push({
      who: "anonymous, on store B's host with store A's records",
      host: FIXTURE_HOSTS.b,
      request,
      want: access.credentials
        ? {
            status: 'credentialElsewhere',
            why: "store A's accounts, tokens and labels are not store B's",
          }
        : request.namesStoreRecords.anywhere
          ? OTHER_STORE
          : { status: 'notRefused', why: 'anyone may call it' },
    });
    return calls;
  }
  calls.push({
    who: 'anonymous',
    host: FIXTURE_HOSTS.a,
    request: ask(admin),
    want: { status: 401, why: 'no Auth-Token' },
  });
  calls.push({
    who: "store B's account, its token on store A's host",
    host: FIXTURE_HOSTS.a,
    token: storeB.token,
    request: ask(storeB),
    want: { status: 401, why: "the token is another store's" },
  });
  if (path.includes(':userAccountId')) {
    calls.push({
      who: "storeAdmin with another account's id in the path",
      host: FIXTURE_HOSTS.a,
      token: admin.token,
      request: ask({ ...admin, accountId: world.target.id }),
      want: { status: 403, why: 'You can only act as your own account.' },
    });
  }
  const items: Item[] = namesAnItem(access) ? ['inside', 'outside'] : ['inside'];
  const inside = JSON.stringify(ask(admin));
  if (namesAnItem(access) && JSON.stringify(ask(admin, 'untaught')) !== inside)
    items.push('untaught');
  const self = access.kind === 'signedIn' && access.self !== undefined;
  for (const [key, grants] of Object.entries(CALLER_MODELS)) {
    if (key === 'storeB') continue;
    const caller = world.callers[key]!;
    const variants = [...items.map((item) => ({ item, other: false }))];
    if (self) variants.push({ item: 'inside', other: true });
    for (const { item, other } of variants) {
      const subject = other
        ? "another account's name"
        : !namesAnItem(access)
          ? 'its own store'
          : access.kind === 'action' && access.scope === 'student'
            ? STUDENT_WORDS[item]
            : ITEM_WORDS[item];
      calls.push({
        who: `${key} asking about ${subject}`,
        host: FIXTURE_HOSTS.a,
        token: caller.token,
        request: ask(caller, item, other),
        want: expectedFor(access, grants, item, other),
      });
    }
  }
  const request = ask(storeB);
  const forB = expectedFor(access, CALLER_MODELS['storeB']!, 'inside', false);
  calls.push({
    who: "store B's account (every role there), on its host, naming store A's records",
    host: FIXTURE_HOSTS.b,
    token: storeB.token,
    request,
    want: forB.status !== 'answered' ? forB : otherStoreWant(named.name, access, request),
  });
  // Refusals first: a permitted write may change what a later call finds.
  return calls.sort((a, b) => rank(a.want) - rank(b.want));
}

/**
 * Store-wide calls whose ids in the body or query only narrow a list: store B's caller gets its
 * own records (none), not a refusal. Every other call naming store A's records must refuse.
 */
const LIST_FILTERS = new Set([
  'getAdoptionCourses',
  'getAdoptionDepartments',
  'getCourseList',
  'exportCatalog',
  'sectionList',
]);

/**
 * Store B's caller naming store A's records: an id in the path, the item a scoped call is
 * about, or a record a store-wide call looks up must be refused as unknown (404, or 400 naming
 * the field); only LIST_FILTERS answer, with store B's own records.
 */
function otherStoreWant(name: string, access: Access, request: MatrixRequest): Want {
  const { inPath, anywhere } = request.namesStoreRecords;
  if (inPath || (anywhere && namesAnItem(access))) return OTHER_STORE;
  if (anywhere && !LIST_FILTERS.has(name)) return OTHER_STORE;
  if (anywhere) return { status: 'notRefused', why: "its filters see store B's records only" };
  return { status: 'answered', why: 'it holds every role in store B' };
}

/** Not found, or a 400 naming the field that names it: how a record of another store is met. */
function refusedAsUnknown(res: LightMyRequestResponse): boolean {
  if (res.statusCode === 404) return true;
  return res.statusCode === 400 && Boolean(res.json<{ field?: string }>().field);
}

/** The answer sets a cookie with a value (the single sign-on session). */
function opensSession(res: LightMyRequestResponse): boolean {
  const cookies = [res.headers['set-cookie'] ?? []].flat();
  return cookies.some((cookie) => /^[^=]+=[^;]+/.test(cookie));
}

function rank(want: Want): number {
  return typeof want.status === 'number' ? 0 : 1;
}

function accepts(want: Want, res: LightMyRequestResponse): boolean {
  const status = res.statusCode;
  if (status >= 500) return false;
  switch (want.status) {
    case 'credential':
      return status !== 403;
    case 'credentialElsewhere':
      // A browser's single sign-on is refused by a redirect (to the login page) that opens no
      // session; a call, by 401 or as an unknown record.
      return status === 401 || refusedAsUnknown(res) || (status === 302 && !opensSession(res));
    case 'otherStore':
      return refusedAsUnknown(res);
    case 'answered':
      return ![401, 403, 404].includes(status);
    case 'success':
      return status < 400;
    case 'notRefused':
      return status !== 401 && status !== 403;
    default:
      return status === want.status;
  }
}

function send(ctx: TestContext, named: NamedContract, call: MatrixCall) {
  const { request } = call;
  return ctx.app.inject({
    method: named.contract.method,
    url: fillPath(named.contract.path, request.params),
    query: request.query,
    headers: {
      host: call.host,
      ...(call.token && { [AUTH_HEADER]: call.token }),
      ...call.headers,
      ...(request.contentType && { 'content-type': request.contentType }),
    },
    ...(request.body !== undefined && {
      payload: request.body as string | Record<string, unknown>,
    }),
  });
}

function excerpt(res: LightMyRequestResponse): string {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json'))
    return `(${type || 'no content type'}, ${res.rawPayload.length} bytes)`;
  return res.body.length > 160 ? `${res.body.slice(0, 160)}…` : res.body;
}

/**
 * Calls one contract as every caller and answers a line per answer that breaks its
 * declaration, saying the caller, what was expected and why, and what came back.
 */
export async function runContract(
  ctx: TestContext,
  world: MatrixWorld,
  named: NamedContract,
): Promise<string[]> {
  const failures: string[] = [];
  for (const call of callsFor(world, named)) {
    await BEFORE_EACH[named.name]?.(world);
    const res = await send(ctx, named, call);
    if (accepts(call.want, res)) continue;
    const wanted =
      call.want.status === 'answered'
        ? 'an answer (not 401, 403 or 404)'
        : call.want.status === 'success'
          ? 'a success'
          : call.want.status === 'notRefused'
            ? 'no refusal (not 401 or 403)'
            : call.want.status === 'credential'
              ? 'not 403'
              : call.want.status === 'credentialElsewhere'
                ? '401 or 404 (or 400 naming the field)'
                : call.want.status === 'otherStore'
                  ? '404 (or 400 naming the field)'
                  : String(call.want.status);
    failures.push(
      `  ${call.who}: expected ${wanted} because ${call.want.why}; got ${res.statusCode} ${excerpt(res)}`,
    );
  }
  if (failures.length === 0) return [];
  const { method, path, access } = named.contract;
  return [`${named.name} (${method} ${path}) declares: ${describeAccess(access)}`, ...failures];
}
