import { LTI_PATTERN_FIELDS } from './lti.ts';

/**
 * The course pattern's one rule (issue 33, point 4): how a platform's course id
 * ("2026FA-BIOL-101-001") names a section of the catalog. `{term}`, `{dept}`, `{course}` and
 * `{section}` stand for the catalog's values, each at most once, `{term}` and `{course}`
 * required; everything else is literal text the id must contain (compared without regard to
 * case, never read as a regular expression). The settings form, the server's validation, the
 * preview and the launch all compile it here.
 */
export type LtiPatternField = (typeof LTI_PATTERN_FIELDS)[number];

export interface CompiledCoursePattern {
  /** The pattern's pieces in order: literal text or a placeholder. */
  pieces: ({ literal: string } | { field: LtiPatternField })[];
  fields: LtiPatternField[];
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
const REQUIRED_FIELDS: LtiPatternField[] = ['term', 'course'];
export const LTI_COURSE_PATTERN_MAX_LENGTH = 120;

/** The pattern's pieces, or the sentence saying what is wrong with it. */
export function compileCoursePattern(
  pattern: string,
): { ok: true; pattern: CompiledCoursePattern } | { ok: false; problem: string } {
  if (pattern.trim() === '') return { ok: false, problem: 'Enter a course pattern.' };
  if (pattern.length > LTI_COURSE_PATTERN_MAX_LENGTH) {
    return {
      ok: false,
      problem: `The course pattern is longer than ${LTI_COURSE_PATTERN_MAX_LENGTH} characters.`,
    };
  }
  const pieces: CompiledCoursePattern['pieces'] = [];
  const fields: LtiPatternField[] = [];
  let at = 0;
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim().toLowerCase() as LtiPatternField;
    if (!LTI_PATTERN_FIELDS.includes(name)) {
      const known = LTI_PATTERN_FIELDS.map((f) => `{${f}}`).join(', ');
      return {
        ok: false,
        problem: `The course pattern has an unknown placeholder {${match[1]}}: use ${known}.`,
      };
    }
    if (fields.includes(name)) {
      return { ok: false, problem: `The course pattern uses {${name}} more than once.` };
    }
    if (match.index > at) pieces.push({ literal: pattern.slice(at, match.index) });
    pieces.push({ field: name });
    fields.push(name);
    at = match.index + match[0].length;
  }
  if (at < pattern.length) pieces.push({ literal: pattern.slice(at) });
  if (pieces.some((p) => 'literal' in p && /[{}]/.test(p.literal))) {
    return {
      ok: false,
      problem: 'The course pattern has a brace that is not part of a placeholder.',
    };
  }
  const missing = REQUIRED_FIELDS.filter((f) => !fields.includes(f));
  if (missing.length > 0) {
    const names = missing.map((f) => `{${f}}`).join(' and ');
    return { ok: false, problem: `The course pattern needs ${names}.` };
  }
  return { ok: true, pattern: { pieces, fields } };
}
