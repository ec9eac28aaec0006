import { eq } from 'drizzle-orm';
import { fillPath, type Endpoint, type RoleName } from '@csp/contracts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { authHeaders, FIXTURE_HOSTS, loginAs, type TestContext } from './test-app.ts';
import { fixturePasswordHash } from './test-fixture.ts';

/** A mailer that keeps what it was asked to send; `fail` makes the next sends throw. */
export function captureMailer(): Mailer & { sent: MailMessage[]; fail: boolean } {
  const mailer = {
    sent: [] as MailMessage[],
    fail: false,
    async send(message: MailMessage) {
      if (mailer.fail) throw new Error('SMTP is down');
      mailer.sent.push(message);
    },
  };
  return mailer;
}

function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface ExtraCatalog {
  divisionId: number;
  departmentId: number;
  departmentCode: string;
  courseId: number;
  courseCode: string;
  sectionId: number;
}

/** A department with one course and one section, in a new or an existing division of a store. */
export async function addCatalog(
  db: Db,
  locationId: number,
  opts: {
    divisionId?: number;
    divisionName?: string;
    departmentCode: string;
    departmentName?: string;
  },
): Promise<ExtraCatalog> {
  const divisionId =
    opts.divisionId ??
    one(
      await db
        .insert(t.divisions)
        .values({
          locationId,
          name: opts.divisionName ?? 'Extra Division',
          universityName: 'Test U',
        })
        .returning(),
    ).id;
  const term = one(
    await db
      .insert(t.terms)
      .values({
        locationId,
        divisionId,
        name: `Spring 2027 - ${opts.departmentCode}`,
        startDate: '2027-01-11',
        endDate: '2027-05-07',
      })
      .returning(),
  );
  const department = one(
    await db
      .insert(t.departments)
      .values({
        locationId,
        divisionId,
        code: opts.departmentCode,
        name: opts.departmentName ?? `${opts.departmentCode} department`,
      })
      .returning(),
  );
  const course = one(
    await db
      .insert(t.courses)
      .values({
        locationId,
        divisionId,
        departmentId: department.id,
        code: '201',
        name: 'Course 201',
      })
      .returning(),
  );
  const section = one(
    await db
      .insert(t.sections)
      .values({
        locationId,
        courseId: course.id,
        termId: term.id,
        code: '002',
        startDate: '2027-01-11',
        endDate: '2027-05-07',
      })
      .returning(),
  );
  return {
    divisionId,
    departmentId: department.id,
    departmentCode: department.code,
    courseId: course.id,
    courseCode: course.code,
    sectionId: section.id,
  };
}

export async function roleIdOf(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

/** An account (password FIXTURE_PASSWORD) with the given assignments. */
export async function addAccount(
  db: Db,
  locationId: number,
  userName: string,
  grants: { role: RoleName | string; departmentId?: number; divisionId?: number }[] = [],
): Promise<{ id: number; userName: string }> {
  const account = one(
    await db
      .insert(t.userAccounts)
      .values({
        locationId,
        userName,
        name: `Name of ${userName}`,
        email: userName,
        passwordHash: await fixturePasswordHash(),
      })
      .returning({ id: t.userAccounts.id, userName: t.userAccounts.userName }),
  );
  for (const grant of grants) {
    await db.insert(t.userRoles).values({
      locationId,
      accountId: account.id,
      roleId: await roleIdOf(db, grant.role),
      divisionId: grant.divisionId ?? null,
      departmentId: grant.departmentId ?? null,
    });
  }
  return account;
}

/** A role that exists only in tests: the given actions, mapped as data. */
export async function addCustomRole(db: Db, name: string, actionNames: string[]): Promise<void> {
  const role = one(
    await db
      .insert(t.roles)
      .values({ name, friendly: name, description: 'test role' })
      .returning({ id: t.roles.id }),
  );
  const actionRows = await db.select({ id: t.actions.id, name: t.actions.name }).from(t.actions);
  await db
    .insert(t.roleActions)
    .values(
      actionRows
        .filter((a) => actionNames.includes(a.name))
        .map((a) => ({ roleId: role.id, actionId: a.id })),
    );
}

export interface Caller {
  accountId: number;
  token: string;
  host: string;
}

export async function signIn(
  ctx: TestContext,
  userName: string,
  host: string = FIXTURE_HOSTS.a,
): Promise<Caller> {
  const session = await loginAs(ctx.app, host, userName);
  return { accountId: session.accountId, token: session.token, host };
}

/** Calls a permissions endpoint as `caller` (the caller's own account id goes in the path). */
export function callAs(
  ctx: TestContext,
  caller: Caller,
  contract: Endpoint,
  input: { query?: Record<string, string | number>; body?: unknown } = {},
) {
  return ctx.app.inject({
    method: contract.method,
    url: fillPath(contract.path, { userAccountId: caller.accountId }),
    query: Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])),
    headers: authHeaders(caller.host, caller.token),
    ...(input.body !== undefined && { payload: input.body as object }),
  });
}
