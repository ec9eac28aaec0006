import { and, desc, eq, sql } from 'drizzle-orm';
import {
  courseSectionLabel,
  LTI_LOG_LIMIT,
  type LtiLaunchPerson,
  type LtiLaunchRole,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared-query.ts';
import {
  courses,
  departments,
  ltiLaunches,
  ltiRegistrations,
  ltiSubjects,
  sections,
  students,
  terms,
  userAccounts,
} from '../../../db/schema/index.ts';

/** What the log's joins found of who launched. */
interface LaunchPersonColumns {
  role: LtiLaunchRole | null;
  subject: string | null;
  account: { name: string; userName: string } | null;
  student: { firstName: string; lastName: string } | null;
}

/**
 * Who a launch was: the staff account the launch named (or the platform's user is linked to),
 * the student that user is linked to (a learner's launch stores no account: its `sub` link
 * names the student), else only the platform's id; nobody when the refusal came before the
 * id_token was read. A learner's launch names the student first: the same platform user may be
 * linked to a staff account too (a student who works at the store).
 */
function launchPerson({ role, subject, account, student }: LaunchPersonColumns) {
  const asAccount: LtiLaunchPerson | null = account && { kind: 'ACCOUNT', ...account };
  const asStudent: LtiLaunchPerson | null = student && {
    kind: 'STUDENT',
    name: `${student.firstName} ${student.lastName}`,
  };
  const known = role === 'LEARNER' ? (asStudent ?? asAccount) : (asAccount ?? asStudent);
  if (known) return known;
  return subject === null ? null : ({ kind: 'UNKNOWN', platformId: subject } as const);
}

/**
 * The store's last launches and refusals, newest first, with who launched and the section's
 * label. One statement: the CTE reads the last rows by lti_launches_store_at_idx first, so the
 * joins (each by a key) touch those LTI_LOG_LIMIT rows only, however long the log is. Every join
 * is held to the store: a row naming another store's account or student names nobody here.
 */
const latestLaunchesQuery = preparedQuery('csp_lti_latest_launches', (db) => {
  const locationId = sql.placeholder('locationId');
  const recent = db
    .$with('recent')
    .as(
      db
        .select()
        .from(ltiLaunches)
        .where(eq(ltiLaunches.locationId, locationId))
        .orderBy(desc(ltiLaunches.at), desc(ltiLaunches.id))
        .limit(LTI_LOG_LIMIT),
    );
  return db
    .with(recent)
    .select({
      launchId: recent.id,
      at: recent.at,
      outcome: recent.outcome,
      reason: recent.reason,
      detail: recent.detail,
      registrationName: ltiRegistrations.name,
      role: recent.role,
      messageType: recent.messageType,
      contextLabel: recent.contextLabel,
      subject: recent.subject,
      // Nested: drizzle answers null for an object whose left-joined columns are all null.
      account: { name: userAccounts.name, userName: userAccounts.userName },
      student: { firstName: students.firstName, lastName: students.lastName },
      // Sections, courses, departments and terms are joined by required references: all or none.
      departmentCode: departments.code,
      courseCode: courses.code,
      sectionCode: sections.code,
      termName: terms.name,
    })
    .from(recent)
    .leftJoin(ltiRegistrations, eq(ltiRegistrations.id, recent.registrationId))
    .leftJoin(
      ltiSubjects,
      and(
        eq(ltiSubjects.registrationId, recent.registrationId),
        eq(ltiSubjects.subject, recent.subject),
      ),
    )
    .leftJoin(
      userAccounts,
      and(
        eq(userAccounts.id, sql`coalesce(${recent.accountId}, ${ltiSubjects.accountId})`),
        eq(userAccounts.locationId, locationId),
      ),
    )
    .leftJoin(
      students,
      and(eq(students.id, ltiSubjects.studentId), eq(students.locationId, locationId)),
    )
    .leftJoin(sections, and(eq(sections.id, recent.sectionId), eq(sections.locationId, locationId)))
    .leftJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(departments, eq(departments.id, courses.departmentId))
    .leftJoin(terms, eq(terms.id, sections.termId))
    .orderBy(desc(recent.at), desc(recent.id));
});

/**
 * The store's last launches and refusals, newest first, with who launched and the section's
 * label (the statement is built once per handle: db/prepared-query.ts).
 */
export async function latestLaunches(db: Db, locationId: number) {
  const rows = await latestLaunchesQuery(db).execute({ locationId });
  return rows.map(
    ({ subject, account, student, departmentCode, courseCode, sectionCode, termName, ...row }) => ({
      ...row,
      person: launchPerson({ role: row.role, subject, account, student }),
      sectionLabel:
        sectionCode === null
          ? null
          : courseSectionLabel({
              departmentCode: departmentCode!,
              courseCode: courseCode!,
              sectionCode,
              termName: termName!,
            }),
    }),
  );
}
