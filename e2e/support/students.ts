import type { Page } from '@playwright/test';
import {
  AUTH_HEADER,
  fillPath,
  getInTransitRentals,
  getOutstandingRentals,
  returnRentals,
  searchStudents,
  type InTransitGroup,
  type RentalItem,
  type SessionResponse,
  type StudentSearchResult,
} from '@csp/contracts';
import { callApi } from './api.ts';
import { expect } from './fixtures.ts';

/*
 * Helpers for the student and rental specs. The featured students of the demo seed have fixed
 * student IDs (apps/server/src/db/seed/FEATURED_STUDENTS.md); every other fact (customer ids,
 * serials, ISBNs) is read from the API as the same user sees it.
 */

/** The demo store's locationId (store A), as its website says. */
export async function locationIdOf(host = 'localhost'): Promise<number> {
  const res = await callApi<{ locationId: number }>(
    host,
    'GET',
    `/app-rest/portal/v1/website?searchString=${host}`,
  );
  expect(res.status).toBe(200);
  return res.body.locationId;
}

async function get<T>(session: SessionResponse, path: string): Promise<T> {
  const res = await callApi<T>('localhost', 'GET', path, undefined, {
    [AUTH_HEADER]: session.token,
  });
  expect(res.status, `GET ${path}`).toBe(200);
  return res.body;
}

/** A featured student by student ID. */
export async function featuredStudent(
  session: SessionResponse,
  studentIdNum: string,
): Promise<StudentSearchResult> {
  const path = `${fillPath(searchStudents.path, { userAccountId: session.accountId })}?studentSearch=${studentIdNum}`;
  const body = await get<{ students: StudentSearchResult[] }>(session, path);
  const student = body.students.find((s) => s.studentIdNum === studentIdNum);
  if (!student) throw new Error(`No featured student ${studentIdNum} in the demo seed`);
  return student;
}

export async function outstandingOf(
  session: SessionResponse,
  customerId: number,
): Promise<RentalItem[]> {
  const path = `${fillPath(getOutstandingRentals.path, { userAccountId: session.accountId })}?customerId=${customerId}`;
  return (await get<{ rentalListDTO: RentalItem[] }>(session, path)).rentalListDTO;
}

export async function inTransitOf(
  session: SessionResponse,
  customerId: number,
): Promise<InTransitGroup[]> {
  const path = `${fillPath(getInTransitRentals.path, { userAccountId: session.accountId })}?customerId=${customerId}`;
  return get<InTransitGroup[]>(session, path);
}

/** Returns rentals through the API, as another clerk at another counter would. */
export function returnThroughApi(
  session: SessionResponse,
  body: {
    locationId: number;
    customerId: number;
    transItemIdWithConditionList: { transItemId: number; marketplaceCondition: string }[];
  },
) {
  const path = fillPath(returnRentals.path, { userAccountId: session.accountId });
  return callApi<{ message?: string; failed?: unknown[]; successful?: unknown[] }>(
    'localhost',
    returnRentals.method,
    path,
    body,
    { [AUTH_HEADER]: session.token },
  );
}

/** The scan field of the student screen. */
export function scanField(page: Page) {
  return page.getByRole('textbox', { name: 'Scan serial number or ISBN' });
}

export async function scan(page: Page, text: string) {
  const field = scanField(page);
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
}

/** An item's check box: named by its title and serial. */
export function rentalCheckbox(page: Page, item: RentalItem) {
  return page.getByRole('checkbox', { name: `${item.title} (${item.serialItemRefNum})` });
}

export function conditionPicker(page: Page, item: RentalItem) {
  return page.getByRole('combobox', {
    name: `Condition of ${item.title} (${item.serialItemRefNum})`,
  });
}

/** An ISBN as a person might type it: with hyphens. */
export function hyphenated(isbn: string): string {
  return `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 9)}-${isbn.slice(9)}`;
}
