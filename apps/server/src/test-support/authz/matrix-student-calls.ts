import { STUDENT_SESSION_HEADER } from '@csp/contracts';
import { FIXTURE_HOSTS } from '../test-fixture.ts';
import type { Item } from './expected-answer.ts';
import { buildRequest, type MatrixRequest, type NamedContract } from './matrix-requests.ts';
import type { MatrixWorld } from './matrix-world.ts';

/** A call of a student's endpoint: who, with which headers, and the answer it must get. */
export interface StudentCall {
  who: string;
  host: string;
  token?: string;
  headers?: Record<string, string>;
  request: MatrixRequest;
  want: { status: 401 | 404; why: string } | { status: 'answered'; why: string };
}

/**
 * The calls of an endpoint declared `{ kind: 'student' }` (the inclusive-access student page,
 * ADR 0048): nobody, every staff session (an Auth-Token is no student session) and Alice's
 * student session on store B's host are refused 401; Alice's session is answered about her own
 * participation (in BIO 101 section 001) and meets the law student's as unknown (404).
 */
export function studentCalls(world: MatrixWorld, named: NamedContract): StudentCall[] {
  const admin = world.callers['storeAdmin']!;
  const ask = (item: Item) => buildRequest(world, named, { ...admin, item, other: false });
  const alice = { [STUDENT_SESSION_HEADER]: world.studentSessions.alice };
  const calls: StudentCall[] = [
    {
      who: 'anonymous',
      host: FIXTURE_HOSTS.a,
      request: ask('inside'),
      want: { status: 401, why: 'no student session' },
    },
    {
      who: "Alice's student session on store B's host",
      host: FIXTURE_HOSTS.b,
      headers: alice,
      request: ask('inside'),
      want: { status: 401, why: "the session is store A's" },
    },
  ];
  for (const [key, caller] of Object.entries(world.callers)) {
    calls.push({
      who: `${key}'s staff session`,
      host: key === 'storeB' ? FIXTURE_HOSTS.b : FIXTURE_HOSTS.a,
      token: caller.token,
      request: ask('inside'),
      want: { status: 401, why: 'a staff session is no student session' },
    });
  }
  const inside = ask('inside');
  const outside = ask('outside');
  if (JSON.stringify(outside) !== JSON.stringify(inside)) {
    calls.push({
      who: "Alice's student session naming the law student's participation",
      host: FIXTURE_HOSTS.a,
      headers: alice,
      request: outside,
      want: { status: 404, why: "another student's records are unknown to her" },
    });
  }
  calls.push({
    who: "Alice's student session about her own participation",
    host: FIXTURE_HOSTS.a,
    headers: alice,
    request: inside,
    want: { status: 'answered', why: 'her own records' },
  });
  return calls;
}
