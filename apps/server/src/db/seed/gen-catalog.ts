import { courses, departments, divisions, professors, sections, terms } from '../schema/index.ts';
import type { CatalogData, TermInfo } from './catalog-data.ts';
import type { DepartmentDef } from './department-catalog.ts';
import { isoDay, termsAround } from './dates.ts';
import type { Rng } from './prng.ts';
import {
  rngFor,
  TERM_KINDS,
  type DivisionPlan,
  type GenContext,
  type TermKind,
} from './store-plan.ts';
import { COURSE_PATTERNS, FIRST_NAMES, LAST_NAMES } from './word-lists.ts';

/** Course levels: name, first number, share, section capacity range, wording. */
const LEVELS = [
  ['intro', 100, 35, 60, 200, 'an introductory'],
  ['middle', 200, 40, 25, 60, 'an intermediate'],
  ['advanced', 400, 25, 10, 30, 'an advanced'],
] as const;
type Level = (typeof LEVELS)[number];

function sectionCode(style: DivisionPlan['sectionCodes'], index: number): string {
  if (style === 'letter')
    return `${String.fromCharCode(65 + Math.floor(index / 4))}${(index % 4) + 1}`;
  return String(index + 1).padStart(style === 'two-digit' ? 2 : 3, '0');
}

function courseNumber(rng: Rng, base: number, used: Set<string>): { code: string; level: Level } {
  for (;;) {
    const level = rng.weighted(LEVELS.map((l) => [l, l[2]] as const));
    const span = level[0] === 'middle' ? 200 : 100;
    const code = String(level[1] + base - 100 + rng.int(0, span - 1));
    if (!used.has(code)) {
      used.add(code);
      return { code, level };
    }
  }
}

/** Divisions, terms, departments, courses, professors and sections of one store. */
export function generateCatalog(ctx: GenContext): CatalogData {
  const { plan, ids } = ctx;
  const rng = rngFor(plan, 1);
  const data: CatalogData = {
    divisions: [],
    terms: [],
    departments: [],
    courses: [],
    professors: [],
    sections: [],
    sectionProfessors: [],
    divisionIds: [],
    termsByDivision: [],
    departmentInfo: [],
    courseDepartment: new Map(),
    sectionInfo: [],
    featuredProfessorId: null,
  };
  const locationId = plan.locationId;
  plan.divisions.forEach((division, divisionIndex) => {
    const divisionId = ids.next(divisions);
    data.divisionIds.push(divisionId);
    data.divisions.push({
      id: divisionId,
      locationId,
      name: division.name,
      universityName: plan.universityName,
    });
    const windows = termsAround(ctx.today, division.calendarOffsetDays);
    const byKind = {} as Record<TermKind, TermInfo>;
    for (const kind of TERM_KINDS) {
      const w = windows[kind];
      const id = ids.next(terms);
      // "Season Year - Division": the UI cuts term names at the first hyphen (docs/behaviour/constants.md).
      data.terms.push({
        id,
        locationId,
        divisionId,
        name: `${w.season} ${w.year} - ${division.name}`,
        startDate: isoDay(w.startDay),
        endDate: isoDay(w.endDay),
      });
      byKind[kind] = { id, startDay: w.startDay, endDay: w.endDay };
    }
    data.termsByDivision.push(byKind);
    for (const def of division.departments) {
      addDepartment(ctx, rng, data, divisionIndex, def);
    }
  });
  for (const extra of plan.extraDepartments ?? []) {
    addDepartment(ctx, rng, data, extra.divisionIndex, extra.def, extra.courses);
  }
  return data;
}

function addDepartment(
  ctx: GenContext,
  rng: Rng,
  data: CatalogData,
  divisionIndex: number,
  def: DepartmentDef,
  fixedCourses?: number,
): void {
  const { plan, ids } = ctx;
  const locationId = plan.locationId;
  const division = plan.divisions[divisionIndex] as DivisionPlan;
  const divisionId = data.divisionIds[divisionIndex] as number;
  const departmentId = ids.next(departments);
  const departmentIndex = data.departmentInfo.length;
  data.departments.push({
    id: departmentId,
    locationId,
    divisionId,
    code: def.code,
    name: def.name,
    // The department chair a campaign digest goes to (issue 30), at the store's staff domain
    // (an address the store knows). No random draw: the rest of the data stays as it was.
    contactName: `${def.name} Chair`,
    contactEmail: `${def.code.toLowerCase()}-chair@${plan.staffEmailDomain}`,
  });
  data.departmentInfo.push({ id: departmentId, divisionIndex, def });
  const staff = addStaff(ctx, rng, data, divisionIndex, def);
  // The featured professor (staff[0]) teaches the department's first current sections.
  let featuredLeft =
    data.featuredProfessorId === staff[0] ? (plan.featuredProfessor?.currentSections ?? 0) : 0;
  const usedCodes = new Set<string>();
  const courseCount = fixedCourses ?? Math.max(1, rng.around(plan.coursesPerDepartment));
  for (let c = 0; c < courseCount; c++) {
    const courseId = ids.next(courses);
    const { code, level } = courseNumber(rng, division.courseNumberBase, usedCodes);
    const topic = rng.pick(def.topics);
    const name = rng.pick(COURSE_PATTERNS[level[0]]).replace('{t}', topic);
    const description = `${name}: ${level[5]} course in ${topic.toLowerCase()}.`;
    data.courses.push({
      id: courseId,
      locationId,
      divisionId,
      departmentId,
      code,
      name,
      description,
    });
    data.courseDepartment.set(courseId, departmentIndex);
    for (const kind of TERM_KINDS) {
      const term = (data.termsByDivision[divisionIndex] as Record<TermKind, TermInfo>)[kind];
      const count = rng.around(plan.sectionsPerCourse[kind]);
      for (let s = 0; s < count; s++) {
        const sectionId = ids.next(sections);
        let startDay = term.startDay;
        let endDay = term.endDay;
        if (division.eightWeekSessions) {
          // Second-session sections start mid-term, so some start within the next month.
          if (s % 2 === 1) startDay = term.startDay + 56;
          else endDay = term.startDay + 55;
        } else if (rng.chance(0.15)) {
          startDay += rng.int(7, 21);
        }
        const capacity = rng.int(level[3], level[4]);
        data.sections.push({
          id: sectionId,
          locationId,
          courseId,
          termId: term.id,
          code: sectionCode(division.sectionCodes, s),
          startDate: isoDay(startDay),
          endDate: isoDay(endDay),
          enrollmentCapacity: capacity,
          estimatedEnrollment: Math.round(capacity * (0.5 + rng.float() * 0.45)),
        });
        data.sectionInfo.push({
          id: sectionId,
          courseId,
          departmentIndex,
          divisionIndex,
          kind,
          startDay,
          endDay,
        });
        const teachers = new Set<number>();
        if (kind === 'current' && featuredLeft > 0 && staff[0] !== undefined) {
          teachers.add(staff[0]);
          featuredLeft--;
        }
        const wanted = rng.chance(0.2) ? 2 : 1;
        while (teachers.size < Math.min(wanted, staff.length)) teachers.add(rng.pick(staff));
        for (const professorId of teachers) data.sectionProfessors.push({ sectionId, professorId });
      }
    }
  }
}

/** The department's professors; the plan's featured professor comes first when it is this one. */
function addStaff(
  ctx: GenContext,
  rng: Rng,
  data: CatalogData,
  divisionIndex: number,
  def: DepartmentDef,
): number[] {
  const { plan, ids } = ctx;
  const locationId = plan.locationId;
  const featured = plan.featuredProfessor;
  const staff: number[] = [];
  if (featured?.divisionIndex === divisionIndex && featured.departmentCode === def.code) {
    const id = ids.next(professors);
    data.featuredProfessorId = id;
    staff.push(id);
    const { firstName, lastName, email, accountId } = featured;
    data.professors.push({ id, locationId, firstName, lastName, email, accountId });
  }
  const staffCount = Math.max(1, rng.around(plan.professorsPerDepartment));
  while (staff.length < staffCount) {
    const id = ids.next(professors);
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const email = `${firstName}.${lastName}${id}@${plan.staffEmailDomain}`;
    data.professors.push({
      id,
      locationId,
      firstName,
      lastName,
      email: email.toLowerCase().replace(/'/g, ''),
      accountId: null,
    });
    staff.push(id);
  }
  return staff;
}
