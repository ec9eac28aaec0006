import {
  compileCoursePattern,
  courseSectionLabel,
  shortTermName,
  type CompiledCoursePattern,
  type LtiPatternField,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { sectionsOfCourseCodes, type CandidateSection } from './course-pattern-repository.ts';

export type { CandidateSection };

/**
 * Reading a platform's course id with the registration's course pattern (compiled by the
 * contracts' compileCoursePattern, the pattern's one rule) and telling which catalog rows it
 * names. How the values compare (decided from the catalog's data):
 * - {term}: a term's whole name, its short name ("Fall 2026" of "Fall 2026 - Main Campus"), or,
 *   when that is a season and a year, a student system's code ("2026FA", "FA2026", "FA26", "F26");
 * - {dept}: the department's code; {course}: the course's code (its number, "101");
 * - {section}: the section's code, "1" matching "001";
 * all without regard to case, spaces and punctuation.
 */
export type CourseIdParts = Partial<Record<LtiPatternField, string>> & {
  term: string;
  course: string;
};

/** Ids longer than this are not course ids; it also bounds the work of reading one. */
export const MAX_COURSE_ID_LENGTH = 200;
/** An id reads at most this many ways (a separator inside a value, placeholders that touch). */
const MAX_READINGS = 40;

/**
 * Every way `id` reads under the pattern, shortest leading values first. A value is never
 * empty. Several readings exist when a value may contain the separator ("Fall 2026 - Main-BIOL-
 * 101") or two placeholders touch ("{dept}{course}"); the catalog decides which names a section.
 */
export function readCourseId(pattern: CompiledCoursePattern, id: string): CourseIdParts[] {
  const text = id.trim();
  if (text === '' || text.length > MAX_COURSE_ID_LENGTH) return [];
  const lower = text.toLowerCase();
  const readings: CourseIdParts[] = [];
  const walk = (piece: number, at: number, parts: Partial<Record<LtiPatternField, string>>) => {
    if (readings.length >= MAX_READINGS) return;
    const current = pattern.pieces[piece];
    if (!current) {
      if (at === text.length) readings.push({ ...parts } as CourseIdParts);
      return;
    }
    if ('literal' in current) {
      const literal = current.literal.toLowerCase();
      if (lower.startsWith(literal, at)) walk(piece + 1, at + literal.length, parts);
      return;
    }
    const last = piece === pattern.pieces.length - 1;
    for (let end = last ? text.length : at + 1; end <= text.length; end++) {
      const value = text.slice(at, end).trim();
      if (value !== '') walk(piece + 1, end, { ...parts, [current.field]: value });
    }
  };
  walk(0, 0, {});
  return readings;
}

/** How a catalog value compares with an id's: case, spaces and punctuation ignored. */
export function comparable(value: string): string {
  return value.toLowerCase().replace(/[\s._\-/]+/g, '');
}

/** A section code compares as its number when both are numbers ("1" is "001"). */
export function sameSectionCode(catalogCode: string, value: string): boolean {
  const a = comparable(catalogCode);
  const b = comparable(value);
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) === Number(b);
  return a === b;
}

const SEASON_CODES: Record<string, string[]> = {
  fall: ['fall', 'fa', 'f', 'autumn', 'au'],
  autumn: ['autumn', 'au', 'fall', 'fa', 'f'],
  spring: ['spring', 'sp'],
  summer: ['summer', 'su'],
  winter: ['winter', 'wi', 'w'],
};

/** The `comparable` forms an id may name the term `termName` by. */
export function termKeys(termName: string): Set<string> {
  const short = shortTermName(termName);
  const keys = new Set([comparable(termName), comparable(short)]);
  const seasonYear = /^([a-z]+)\s*(\d{4})$/i.exec(short);
  const seasons = seasonYear ? SEASON_CODES[seasonYear[1]!.toLowerCase()] : undefined;
  if (seasonYear && seasons) {
    const year = seasonYear[2]!;
    for (const season of seasons) {
      for (const y of [year, year.slice(2)]) {
        keys.add(`${season}${y}`);
        keys.add(`${y}${season}`);
      }
    }
  }
  return keys;
}

/** What one id names: the sections (one, or the course's in that term) or why none. */
export type CourseIdMapping =
  { mapped: true; courseId: number; sections: CandidateSection[] } | { mapped: false; why: string };

/**
 * Applies the readings of one id to the candidate sections (those whose course code is one a
 * reading names), the first reading that names a section winning. Without {section} the
 * course's sections of the term are all named. `why` says how far the best reading got.
 */
export function mapReadings(
  readings: CourseIdParts[],
  candidates: CandidateSection[],
): CourseIdMapping {
  if (readings.length === 0)
    return { mapped: false, why: 'The id does not have the pattern\u2019s shape.' };
  let why = `No course ${describe(readings[0]!)} in the catalog.`;
  let progress = 0;
  for (const reading of readings) {
    const courses = candidates.filter(
      (c) =>
        comparable(c.courseCode) === comparable(reading.course) &&
        (reading.dept === undefined || comparable(c.departmentCode) === comparable(reading.dept)),
    );
    if (courses.length === 0) continue;
    const inTerm = courses.filter((c) => termKeys(c.termName).has(comparable(reading.term)));
    if (inTerm.length === 0) {
      if (progress < 1) {
        progress = 1;
        why = `The catalog has ${describe(reading)} but no term named \u201c${reading.term}\u201d for it.`;
      }
      continue;
    }
    const sections =
      reading.section === undefined
        ? inTerm
        : inTerm.filter((c) => sameSectionCode(c.sectionCode, reading.section!));
    if (sections.length === 0) {
      if (progress < 2) {
        progress = 2;
        why = `${describe(reading)} has no section \u201c${reading.section}\u201d in ${shortTermName(inTerm[0]!.termName)}.`;
      }
      continue;
    }
    // One course: a term name shared by two divisions may name the same code twice.
    const courseId = sections[0]!.courseId;
    return { mapped: true, courseId, sections: sections.filter((s) => s.courseId === courseId) };
  }
  return { mapped: false, why };
}

function describe(reading: CourseIdParts): string {
  return reading.dept ? `${reading.dept} ${reading.course}` : reading.course;
}

/** What a launch's course ids named (the launch sub-area's way into the catalog). */
export interface LaunchedSection {
  /** The section named, or the first (by code) of the course's sections in the term. */
  sectionId: number;
  courseId: number;
  /** Every section named: one with {section}, else the course's sections in the term. */
  sectionIds: number[];
}

/**
 * Maps each of `ids` with `pattern` (a stored, hence valid, pattern), with one catalog query for
 * all of them. An id that does not read under the pattern maps to why not.
 */
export async function mapCourseIds(
  db: Db,
  locationId: number,
  pattern: string,
  ids: string[],
): Promise<CourseIdMapping[]> {
  const compiled = compileCoursePattern(pattern);
  if (!compiled.ok) return ids.map(() => ({ mapped: false, why: compiled.problem }));
  const readings = ids.map((id) => readCourseId(compiled.pattern, id));
  const codes = new Set<string>();
  const departments = new Set<string>();
  for (const reading of readings.flat()) {
    codes.add(reading.course.toLowerCase());
    codes.add(comparable(reading.course));
    if (reading.dept !== undefined) departments.add(comparable(reading.dept));
  }
  // A course number alone ("101") names a course in most departments of a large store: with
  // {dept} in every reading, only those departments' sections are read.
  const everyReadingHasDept = readings.flat().every((reading) => reading.dept !== undefined);
  const candidates = await sectionsOfCourseCodes(
    db,
    locationId,
    [...codes],
    everyReadingHasDept ? [...departments] : null,
  );
  return readings.map((r) => mapReadings(r, candidates));
}

/**
 * The section a launch names: the registration's course pattern applied to each id in turn
 * (the LIS course section sourcedids, then the context label), the first that maps winning;
 * null when none does.
 */
export async function findLaunchedSection(
  db: Db,
  registration: { locationId: number; coursePattern: string },
  ids: { sourcedIds: string[]; contextLabel?: string | null },
): Promise<LaunchedSection | null> {
  const tried = [...ids.sourcedIds, ...(ids.contextLabel ? [ids.contextLabel] : [])].filter(
    (id) => id.trim() !== '',
  );
  if (tried.length === 0) return null;
  const mappings = await mapCourseIds(
    db,
    registration.locationId,
    registration.coursePattern,
    tried,
  );
  for (const mapping of mappings) {
    if (mapping.mapped) {
      const sectionIds = mapping.sections.map((s) => s.sectionId);
      return { sectionId: sectionIds[0]!, courseId: mapping.courseId, sectionIds };
    }
  }
  return null;
}

/** "BIOL 101 section 001, Fall 2026" and, without {section}, how many more the course has. */
function mappingLabel(sections: CandidateSection[]): string {
  const first = sections[0]!;
  const term = shortTermName(first.termName);
  const label = courseSectionLabel(first);
  const more = sections.length - 1;
  if (more === 0) return label;
  return `${label} (and ${more} more section${more === 1 ? '' : 's'} of the course in ${term})`;
}

/** The settings screen's preview: where each sample id lands under `pattern`, or why nowhere. */
export async function previewCoursePattern(
  db: Db,
  locationId: number,
  pattern: string,
  sampleIds: string[],
) {
  const mappings = await mapCourseIds(db, locationId, pattern, sampleIds);
  return sampleIds.map((sampleId, i) => {
    const mapping = mappings[i]!;
    return mapping.mapped
      ? {
          sampleId,
          sectionId: mapping.sections[0]!.sectionId,
          label: mappingLabel(mapping.sections),
          why: null,
        }
      : { sampleId, sectionId: null, label: null, why: mapping.why };
  });
}
