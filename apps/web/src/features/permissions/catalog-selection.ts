import type { AuthCatalogInput } from '@csp/contracts';
import { ALL_COURSES, ALL_DEPARTMENTS, ALL_DIVISIONS } from './permission-messages.ts';

/** The catalog picker's choice: a division id or 'all', a department code or 'All', a course code or 'All'. */
export interface CatalogSelection {
  division: string;
  department: string;
  course: string;
}

export const NO_CATALOG: CatalogSelection = {
  division: ALL_DIVISIONS,
  department: ALL_DEPARTMENTS,
  course: ALL_COURSES,
};

/** The division id to load departments for: none while 'all' is chosen (docs/behaviour/validation.md). */
export function chosenDivisionId(selection: CatalogSelection): number | null {
  if (selection.division === ALL_DIVISIONS) return null;
  const id = Number(selection.division);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The department code to load courses for: none while 'All' is chosen (docs/behaviour/validation.md). */
export function chosenDepartment(selection: CatalogSelection): string | null {
  if (chosenDivisionId(selection) === null || selection.department === ALL_DEPARTMENTS) return null;
  return selection.department;
}

/** The catalog to send, or null for a role alone. */
export function toCatalogInput(selection: CatalogSelection): AuthCatalogInput | null {
  const divisionId = chosenDivisionId(selection);
  if (divisionId === null) return null;
  const departmentCode = chosenDepartment(selection);
  const courseCode =
    departmentCode !== null && selection.course !== ALL_COURSES ? selection.course : null;
  return { divisionId, departmentCode, courseCode };
}
