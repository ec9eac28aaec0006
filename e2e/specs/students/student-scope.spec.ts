import {
  AUTH_HEADER,
  CUSTOMER_NOT_FOUND,
  STUDENT_FUNDING_REFUSAL,
  fillPath,
  getStudentDetails,
  getStudentFunding,
  searchStudents,
  sectionList,
  type SessionResponse,
  type StudentSearchResult,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { sectionDetail } from '../../support/research.ts';

/*
 * The demo's submitter holds SUBMITTER on the Biology department only: they look up the students
 * enrolled in its sections and no other (ADR 0023), and see no student's funding. Nothing here
 * changes data.
 */

function api<T>(session: SessionResponse, method: string, path: string, body?: unknown) {
  return callApi<T>('localhost', method, path, body, { [AUTH_HEADER]: session.token });
}

async function search(session: SessionResponse, text: string): Promise<StudentSearchResult[]> {
  const path = `${fillPath(searchStudents.path, { userAccountId: session.accountId })}?studentSearch=${text}&pageSize=100`;
  const res = await api<{ students: StudentSearchResult[] }>(session, 'GET', path);
  expect(res.status).toBe(200);
  return res.body.students;
}

const byCustomer = (contract: { path: string }, session: SessionResponse, customerId: number) =>
  `${fillPath(contract.path, { userAccountId: session.accountId })}?customerId=${customerId}`;

test('the Biology submitter gets “Customer not found” for a student outside Biology and never sees an allowance', async ({
  browser,
}) => {
  const reporter = await newLoggedInContext(browser, 'reporter');
  const submitter = await newLoggedInContext(browser, 'submitter');
  const { session, page, baseUrl } = submitter;

  // Thompson is the last name of several students (FEATURED_STUDENTS.md); the store-wide
  // reporter finds them all, the submitter only those enrolled in Biology.
  const everyone = await search(reporter.session, 'Thompson');
  const visible = await search(session, 'Thompson');
  expect(visible.length).toBeLessThan(everyone.length);
  const outside = everyone.find((s) => !visible.some((v) => v.customerId === s.customerId));
  if (!outside) throw new Error('every Thompson is enrolled in Biology');

  const details = await api(
    session,
    'GET',
    byCustomer(getStudentDetails, session, outside.customerId),
  );
  expect(details.status).toBe(404);
  expect(details.body).toEqual({ message: CUSTOMER_NOT_FOUND, field: 'customerId' });
  const funding = await api<{ message: string }>(
    session,
    'GET',
    byCustomer(getStudentFunding, session, outside.customerId),
  );
  expect(funding.status).toBe(403);
  expect(funding.body.message).toBe(STUDENT_FUNDING_REFUSAL);
  await page.goto(`${baseUrl}/search/student/${outside.customerId}`);
  await expect(page.getByText(CUSTOMER_NOT_FOUND)).toBeVisible();
  await expect(page.getByText(outside.lastName)).toHaveCount(0);

  // A student of a Biology section opens from the section, with no Funding panel.
  const listed = await api<{ sections: { sectionId: number; enrollmentCount: number }[] }>(
    session,
    sectionList.method,
    fillPath(sectionList.path, { userAccountId: session.accountId }),
    {},
  );
  expect(listed.status).toBe(200);
  const withStudents = listed.body.sections.find((s) => s.enrollmentCount > 0);
  if (!withStudents) throw new Error('no Biology section has students');
  const section = await sectionDetail(session, withStudents.sectionId);
  const [student] = Object.values(section.studentsEnrolled);
  if (!student) throw new Error('the section lists no student');
  await page.goto(`${baseUrl}/research/section/${section.sectionId}/student/${student.customerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${student.firstName} ${student.lastName}`,
  );
  await expect(page.getByRole('region', { name: 'Required materials' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funding', exact: true })).toHaveCount(0);
  const own = await api(session, 'GET', byCustomer(getStudentFunding, session, student.customerId));
  expect(own.status).toBe(403);

  await reporter.context.close();
  await submitter.context.close();
});
