import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createIaIntegrationToken,
  fillPath,
  getIaDashboard,
  getIaAccessListCsv,
  getIaParticipants,
  getIaReminderStatus,
  getIaStudentPage,
  getIaTermAccessLists,
  getIaTermPrograms,
  getIaTerms,
  previewIaChargeFile,
  STUDENT_SESSION_HEADER,
  type Endpoint,
} from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import { hashStudentToken } from '../src/modules/inclusive-access/student-page/student-sign-in.ts';
import type { BenchEndpoint } from './endpoints.ts';
import { expectOk } from './expect-ok.ts';
import type { Caller } from './bench-caller.ts';

interface IaSample {
  termId: number;
  programs: number;
  participants: number;
  sectionId: number;
  sectionParticipants: number;
  studentId: number;
  locationId: number;
}

/**
 * The large store's term with the most programs (the large seed puts a section in twenty of the
 * terms in progress in the program: large-inclusive-access.ts), its program with the most
 * participants, and a student of that program.
 */
async function sampleIa(db: Db, host: string): Promise<IaSample> {
  const [row] = await queryRows<IaSample>(
    db,
    sql`with store as (select location_id from websites where host = ${host}),
      per_term as (
        select p.term_id, count(*)::int as programs from ia_programs p
        where p.location_id = (select location_id from store)
        group by p.term_id order by programs desc, p.term_id limit 1
      ),
      per_program as (
        select p.section_id, count(pa.id)::int as n, min(pa.student_id) as student_id
        from ia_programs p join ia_participants pa on pa.program_id = p.id
        where p.term_id = (select term_id from per_term)
        group by p.section_id order by n desc, p.section_id limit 1
      )
      select (select term_id from per_term) as "termId",
        (select programs from per_term) as programs,
        (select count(*)::int from ia_participants pa join ia_programs p on p.id = pa.program_id
          where p.term_id = (select term_id from per_term)) as participants,
        section_id as "sectionId", n as "sectionParticipants", student_id as "studentId",
        (select location_id from store) as "locationId"
      from per_program`,
  );
  if (!row) throw new Error(`the store of ${host} runs no inclusive access: seed it again`);
  return row;
}

/**
 * Inclusive access (issue 32): the staff's lists of a term and a program, the charge file's
 * preview (every line of the term worked out), the access lists for staff and the platform, and
 * the student's own page.
 */
export async function iaBench(
  app: FastifyInstance,
  db: Db,
  large: Caller,
): Promise<BenchEndpoint[]> {
  const s = await sampleIa(db, large.host);
  const staff = { host: large.host, 'auth-token': large.token };
  const inject = async (contract: Endpoint, headers: Record<string, string>, params: object = {}) =>
    app.inject({
      method: contract.method,
      url: fillPath(contract.path, { userAccountId: large.accountId, ...params }),
      headers,
    });
  const call =
    (contract: Endpoint, params: object = {}, headers: Record<string, string> = staff) =>
    async () =>
      expectOk(await inject(contract, headers, params), contract.path);

  const made = await inject(createIaIntegrationToken, staff);
  expectOk(made, 'the store integration token');
  const platform = {
    host: large.host,
    authorization: `Bearer ${made.json<{ token: string }>().token}`,
  };

  // A student's session as the sign-in link's exchange would leave it.
  const studentToken = randomBytes(32).toString('base64url');
  await db.execute(sql`insert into ia_student_sessions (location_id, student_id, token_hash, expires_at)
    values (${s.locationId}, ${s.studentId}, ${hashStudentToken(studentToken)}, now() + interval '1 day')`);
  const student = { host: large.host, [STUDENT_SESSION_HEADER.toLowerCase()]: studentToken };

  const term = `${s.programs.toLocaleString('en-US')} programs, ${s.participants.toLocaleString('en-US')} participants`;
  const list = { pglite: 100, postgres: 50 };
  const report = { pglite: 300, postgres: 150 };
  return [
    {
      name: 'GET iaTerms',
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 25 },
      call: call(getIaTerms),
    },
    { name: 'GET iaDashboard', runs: 200, budgetP95Ms: list, call: call(getIaDashboard) },
    {
      name: `GET iaTermPrograms (first page; term of ${term})`,
      runs: 100,
      budgetP95Ms: list,
      call: call(getIaTermPrograms, { termId: s.termId }),
    },
    {
      name: `GET iaParticipants (${s.sectionParticipants} participants, with history)`,
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 25 },
      call: call(getIaParticipants, { sectionId: s.sectionId }),
    },
    {
      name: 'GET iaReminderStatus (the term)',
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 25 },
      call: call(getIaReminderStatus, { termId: s.termId }),
    },
    {
      name: `GET previewIaChargeFile (every line of the term: ${term})`,
      runs: 50,
      budgetP95Ms: report,
      call: call(previewIaChargeFile, { termId: s.termId }),
    },
    {
      name: 'GET iaAccessList.csv (the largest program)',
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 25 },
      call: call(getIaAccessListCsv, { sectionId: s.sectionId }),
    },
    {
      name: `GET integration iaTermAccessLists (store token; ${term})`,
      runs: 50,
      budgetP95Ms: report,
      call: call(getIaTermAccessLists, { termId: s.termId }, platform),
    },
    {
      name: "GET iaStudentPage (a student's own sections)",
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 25 },
      call: call(getIaStudentPage, {}, student),
    },
  ];
}
