/** docs/behaviour/constants.md: term names are cut at the first hyphen ('Fall 2025 - Main' shows as 'Fall 2025'). */
export function shortTermName(name: string): string {
  const hyphen = name.indexOf('-');
  return (hyphen === -1 ? name : name.slice(0, hyphen)).trim();
}

/** The parts of a catalog scope a label names; any may be missing. */
export interface ScopeLabelParts {
  divisionName: string | null;
  departmentCode: string | null;
  courseCode: string | null;
  sectionCode: string | null;
  termName: string | null;
}

/**
 * "Main Campus / BIO / 101 / 001 (Fall 2026)": how a catalog scope is named on screens and in
 * the audit log alike.
 */
export function scopeLabel(parts: ScopeLabelParts): string {
  const section = parts.sectionCode
    ? `${parts.sectionCode}${parts.termName ? ` (${shortTermName(parts.termName)})` : ''}`
    : null;
  return [parts.divisionName ?? '?', parts.departmentCode, parts.courseCode, section]
    .filter(Boolean)
    .join(' / ');
}
