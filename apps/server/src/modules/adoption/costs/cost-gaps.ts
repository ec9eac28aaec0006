import type { SQL } from 'drizzle-orm';
import {
  COST_GAP_MESSAGES as M,
  shortTermName,
  type CostGapCourse,
  type CostGapsAnswer,
  type CostGapSectionRef,
  type CourseParams,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import { findCourse, findDepartment, listSections } from '../../catalog/index.ts';
import type { Grants } from '../../permissions/index.ts';
import {
  gapThreshold,
  hasScopedSection,
  listGapRows,
  type GapRow,
  type GapSelection,
} from './cost-gaps-repository.ts';
import { adoptScopeCondition } from '../courses/scope-repository.ts';
import { sectionScope } from '../section-scope.ts';

function sectionRef(row: GapRow): CostGapSectionRef {
  return {
    sectionId: row.sectionId,
    sectionCode: row.sectionCode,
    professorNames: row.professorNames ?? [],
    lowCents: row.lowCents,
    highCents: row.highCents,
    designation: row.designation,
  };
}

/** The statement's rows (every compared section of each course and term with a gap), grouped. */
function toCourses(rows: readonly GapRow[]): CostGapCourse[] {
  const groups = new Map<string, GapRow[]>();
  for (const row of rows) {
    const key = `${row.courseId}:${row.termId}`;
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const cheapest = group.find((r) => r.isCheapest) ?? first;
    const known = group.flatMap((r) => (r.lowCents === null ? [] : [r.lowCents]));
    return {
      divisionId: first.divisionId,
      departmentId: first.departmentId,
      departmentCode: first.departmentCode,
      courseId: first.courseId,
      courseCode: first.courseCode,
      courseName: first.courseName,
      termId: first.termId,
      termName: shortTermName(first.termName),
      mayOpenCourse: first.mayOpenCourse,
      sectionCount: group.length,
      lowestCents: Math.min(...known),
      highestCents: Math.max(...known),
      cheapest: sectionRef(cheapest),
      gaps: group
        .filter((r) => r.costDiffers || r.materialsDiffer)
        .map((r) => ({
          ...sectionRef(r),
          costDiffers: r.costDiffers,
          materialsDiffer: r.materialsDiffer,
          differenceCents: r.differenceCents,
        })),
    };
  });
}

async function answer(
  db: Db,
  locationId: number,
  grants: Grants,
  scope: SQL,
  selection: GapSelection,
): Promise<CostGapsAnswer> {
  const adoptScope = await adoptScopeCondition(grants);
  const rows = await listGapRows(db, { locationId, scope, adoptScope, selection });
  return {
    thresholdCents: rows[0]?.thresholdCents ?? (await gapThreshold(db, locationId)),
    courses: toCourses(rows),
  };
}

/**
 * getCostGaps: a term's (and department's) courses with gaps, over the sections the caller may
 * see. A term or department of another store, or with no section in their scope, is a 404
 * naming its field, like section research's lookups.
 */
export async function termCostGaps(
  db: Db,
  locationId: number,
  grants: Grants,
  query: { termId: number; departmentId?: number },
): Promise<CostGapsAnswer> {
  const scope = await sectionScope(grants);
  const { termId, departmentId } = query;
  // A department with a section in scope in the term answers for the term too; only when it
  // has none is the term asked alone, to name the field that is wrong.
  if (!(await hasScopedSection(db, { locationId, scope, termId, departmentId }))) {
    const termFound =
      departmentId !== undefined && (await hasScopedSection(db, { locationId, scope, termId }));
    if (termFound) throw AppError.notFound(M.departmentNotFound, 'departmentId');
    throw AppError.notFound(M.termNotFound, 'termId');
  }
  return answer(db, locationId, grants, scope, { kind: 'term', termId, departmentId });
}

/**
 * getCourseCostGaps: the course's gaps in each term where a section has not ended (the terms
 * course detail shows). A course of another store, or one the caller may see no section of
 * (VIEW_SECTION on it or on one of its sections), is a 404 like one that does not exist.
 */
export async function courseCostGaps(
  db: Db,
  locationId: number,
  grants: Grants,
  params: CourseParams,
  today: string,
): Promise<CostGapsAnswer> {
  const notFound = () => AppError.notFound(M.courseNotFound);
  const department = await findDepartment(db, locationId, params.divisionId, params.departmentCode);
  if (!department) throw notFound();
  const course = await findCourse(db, locationId, department.id, params.courseCode);
  if (!course) throw notFound();
  const ancestry = {
    divisionId: params.divisionId,
    departmentId: department.id,
    courseId: course.id,
  };
  const sections = await listSections(db, locationId, course.id);
  const visible = await grants.mayDoEach('VIEW_SECTION', [
    { ...ancestry, sectionId: null },
    ...sections.map((s) => ({ ...ancestry, sectionId: s.id })),
  ]);
  if (!visible.some(Boolean)) throw notFound();
  const scope = await sectionScope(grants);
  return answer(db, locationId, grants, scope, { kind: 'course', courseId: course.id, today });
}
