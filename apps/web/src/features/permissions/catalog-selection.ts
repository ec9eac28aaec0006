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

/** One level of the catalog, named as its field in the selection. */
export type CatalogLevel = keyof CatalogSelection;

/** The selection after choosing `chosen` at `level`: the levels below it go back to "All". */
export function chooseLevel(
  selection: CatalogSelection,
  level: CatalogLevel,
  chosen: string,
): CatalogSelection {
  if (level === 'division') return { ...NO_CATALOG, division: chosen };
  if (level === 'department') return { ...selection, department: chosen, course: ALL_COURSES };
  return { ...selection, course: chosen };
}

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
