/**
 * A course search as typed, shared by the course catalog and section research: a code ("101",
 * "101L"), a department and code ("BIO 101", "bio101", "BIO" alone), or words of the name
 * ("cell bio" finds "Cell Biology"); all are prefixes.
 */
export interface CourseSearch {
  /** The whole text as a course-code prefix, LIKE wildcards escaped. */
  codePrefix: string;
  /** "BIO 101", "bio101": the department exactly; "BIO" alone: departments starting so. */
  department: { code: string; coursePrefix: string | null } | null;
  /** Word prefixes of the name: letters and digits only, so nothing breaks the text query. */
  words: string[];
}

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function parseCourseSearch(text: string): CourseSearch {
  const normal = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const words = normal
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  // "bio 101", "bio101", "bio": a department code, and perhaps the start of a course code.
  const split = /^([a-z]+) ?(\d[a-z0-9-]*)?$/.exec(normal);
  return {
    codePrefix: likeLiteral(normal),
    department: split
      ? { code: split[1]!, coursePrefix: split[2] ? likeLiteral(split[2]) : null }
      : null,
    words,
  };
}
