import type { AuthCatalog } from '@csp/contracts';

/** "Main Campus / BIO / 101 / 001 (Fall 2026)": the server's audit labels use the same form. */
export function scopeLabel(catalog: AuthCatalog): string {
  const section = catalog.sectionCode
    ? `${catalog.sectionCode}${catalog.termName ? ` (${catalog.termName})` : ''}`
    : null;
  return [catalog.divisionName, catalog.departmentCode, catalog.courseCode, section]
    .filter(Boolean)
    .join(' / ');
}
