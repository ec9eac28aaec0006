/**
 * Where "Course catalog" on a course's page leads: back to the /adopt course list as the clerk
 * left it (search, filters, sort, page), not to its first page. The list remembers its query
 * string for the tab's session; a course opened from a link elsewhere goes to the plain list.
 */
const KEY = 'adopt.catalogSearch';

export function rememberCourseListSearch(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage can be unavailable (private modes): the link then goes to the plain list.
  }
}

function storedSearch(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function courseListReturnPath(): string {
  const search = storedSearch();
  return search?.startsWith('?') ? `/adopt${search}` : '/adopt';
}
