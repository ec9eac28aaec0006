import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { SectionRow } from '@csp/contracts';

export const sectionPath = (sectionId: number) => `/research/section/${sectionId}`;

export const sectionStudentPath = (sectionId: number, customerId: number) =>
  `${sectionPath(sectionId)}/student/${customerId}`;

/** What a section is called on screen: its department and course code, then its own code. */
export function sectionName(
  row: Pick<SectionRow, 'departmentCode' | 'courseCode' | 'sectionCode'>,
) {
  return `${row.departmentCode} ${row.courseCode} – ${row.sectionCode}`;
}

/** Router state a section page reads to go back to the list as it was left. */
export interface ListReturnState {
  listSearch: string;
}

export function SectionLink({
  row,
  listSearch,
  tabIndex,
}: {
  row: SectionRow;
  /** The list's query string, so the section's back link returns to this page of it. */
  listSearch: string;
  tabIndex?: number;
}) {
  const state: ListReturnState = { listSearch };
  return (
    <Link
      component={RouterLink}
      to={sectionPath(row.sectionId)}
      state={state}
      tabIndex={tabIndex}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {sectionName(row)}
    </Link>
  );
}
