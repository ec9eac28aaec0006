import { useLocation } from 'react-router';
import type { ListReturnState } from '../list/section-links.tsx';

/** A section id from the URL: a positive whole number, or null (not found, nothing asked). */
export function sectionIdOf(id: string | undefined): number | null {
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  const value = Number(id);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}

/**
 * The list's query string the user came from (router state, handed on from the list to the
 * section and from the section to its students), so "Section Research" returns to it.
 */
export function useListReturn(): ListReturnState {
  const state = useLocation().state as Partial<ListReturnState> | null;
  const listSearch = state?.listSearch;
  return {
    listSearch: typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : '',
  };
}

export const adoptionPath = (s: {
  divisionId: number;
  departmentCode: string;
  courseCode: string;
}) =>
  `/adopt/course/${s.divisionId}/${encodeURIComponent(s.departmentCode)}/${encodeURIComponent(s.courseCode)}`;
