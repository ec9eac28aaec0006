/** docs/behaviour/constants.md: term names are cut at the first hyphen ('Fall 2025 - Main' shows as 'Fall 2025'). */
export function shortTermName(name: string): string {
  const hyphen = name.indexOf('-');
  return (hyphen === -1 ? name : name.slice(0, hyphen)).trim();
}

/** The codes that name a section of a term. */
export interface CourseSectionParts {
  departmentCode: string;
  courseCode: string;
  sectionCode: string;
  termName: string;
}

/** "CHEM 447 section A1, Spring 2027": a section named for someone who knows the course. */
export function courseSectionLabel(parts: CourseSectionParts): string {
  return `${parts.departmentCode} ${parts.courseCode} section ${parts.sectionCode}, ${shortTermName(parts.termName)}`;
}

/**
 * "BIO - Biology": how a department is named in pickers and on screens. A sections import that
 * creates a department without a name names it by its code (sections-import-repository.ts), so
 * a name that only repeats the code, or is blank, is left out: "AAS", not "AAS - AAS".
 */
export function departmentLabel(code: string, name: string | null | undefined): string {
  const shownName = name?.trim() ?? '';
  const repeatsCode = shownName.toLowerCase() === code.trim().toLowerCase();
  return shownName === '' || repeatsCode ? code : `${code} - ${shownName}`;
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
