import type {
  RequiredMaterial,
  SectionDetailDTO,
  SectionCost,
  SectionListRequest,
  SectionRow,
} from '@csp/contracts';

/* The research screens' sample data: 45 sections of BIOL 101, section 7's detail, a material. */
export function sectionRow(sectionId: number, extra: Partial<SectionRow> = {}): SectionRow {
  return {
    sectionId,
    divisionId: 1,
    divisionName: 'Main Campus',
    departmentCode: 'BIOL',
    courseId: 1000,
    courseCode: '101',
    courseName: 'General Biology',
    sectionCode: `S${String(sectionId).padStart(2, '0')}`,
    termId: 10,
    termName: 'Fall 2026',
    startDate: '2026-08-24',
    endDate: '2026-12-12',
    professors: ['Lee, Ana'],
    enrollmentCount: sectionId,
    listingCount: 2,
    sectionHasNTRAdoption: false,
    sectionHasNonNTRAdoption: true,
    noTextRequired: false,
    adoptionStatus: 'ADOPTED',
    adoptionDeadline: null,
    deadlineStatus: 'ON_TIME',
    designation: 'NONE',
    requiredCostLowCents: 8500,
    requiredCostHighCents: 12000,
    ...extra,
  };
}

/** 45 sections: three pages of 20, 20 and 5. */
export const SECTIONS: SectionRow[] = Array.from({ length: 45 }, (_, i) => sectionRow(i + 1));

/** Roughly the server: filters, then the page a cursor names (cursors are "c" + row index). */
export function answerSectionList(
  body: SectionListRequest,
  rows: readonly SectionRow[] = SECTIONS,
) {
  let found = [...rows];
  const q = body.searchString?.toLowerCase();
  if (q)
    found = found.filter((s) =>
      `${s.departmentCode}${s.courseCode} ${s.courseName}`.toLowerCase().includes(q),
    );
  if (body.adoptionStatus) found = found.filter((s) => s.adoptionStatus === body.adoptionStatus);
  if (body.deadlineStatus) found = found.filter((s) => s.deadlineStatus === body.deadlineStatus);
  if (body.costDesignation) found = found.filter((s) => s.designation === body.costDesignation);
  if (body.courseId) found = found.filter((s) => s.courseId === body.courseId);
  const size = Number(body.pageSize ?? 20);
  const index = (cursor: string) => Number(cursor.slice(1));
  let start = 0;
  if (body.after) start = index(body.after) + 1;
  else if (body.before) start = Math.max(0, index(body.before) - size);
  // As the server: the last page holds the rows the last page walked forward holds.
  else if (body.last) start = found.length ? found.length - (((found.length - 1) % size) + 1) : 0;
  const sections = found.slice(start, start + size);
  const end = start + sections.length - 1;
  return {
    sections,
    pageInfo: {
      page: Number(body.page ?? 1),
      pageSize: size,
      startCursor: sections.length ? `c${start}` : null,
      endCursor: sections.length ? `c${end}` : null,
      hasPreviousPage: start > 0,
      hasNextPage: end < found.length - 1,
    },
    totalSections: found.length,
  };
}

export function sectionDetail(extra: Partial<SectionDetailDTO> = {}): SectionDetailDTO {
  return {
    sectionId: 7,
    sectionCode: 'A1',
    courseId: 1000,
    courseCode: '101',
    courseName: 'General Biology',
    departmentId: 100,
    departmentCode: 'BIOL',
    departmentName: 'Biology',
    divisionId: 1,
    divisionName: 'Main Campus',
    termId: 10,
    termName: 'Fall 2026',
    startDate: '2026-08-24',
    endDate: '2026-12-12',
    enrollmentCapacity: 30,
    professors: [{ professorId: 5, name: 'Lee, Ana', email: 'ana.lee@example.edu' }],
    // Keys in number order, as JSON gives them back: the page sorts by last name itself.
    studentsEnrolled: {
      '42': { customerId: 42, studentIdNum: '900000042', firstName: 'Maya', lastName: 'Thompson' },
      '43': { customerId: 43, studentIdNum: '900000043', firstName: 'Omar', lastName: 'Adams' },
    },
    enrollmentCount: 2,
    listingCount: 2,
    sectionHasNTRAdoption: false,
    sectionHasNonNTRAdoption: true,
    noTextRequired: false,
    adoptionStatus: 'NEEDS_INFORMATION',
    adoptionDeadline: null,
    deadlineStatus: 'ON_TIME',
    mayAdopt: true,
    ...extra,
  };
}

export function requiredMaterial(extra: Partial<RequiredMaterial> = {}): RequiredMaterial {
  return {
    sectionId: 7,
    courseCode: '101',
    courseName: 'General Biology',
    sectionCode: 'A1',
    termName: 'Fall 2026',
    divisionName: 'Main Campus',
    startDate: '2026-08-24',
    endDate: '2026-12-12',
    adoptionMaterialId: 1,
    titleId: 90,
    isbn: '9780134093413',
    title: 'Campbell Biology',
    author: 'Urry',
    edition: '12th',
    required: true,
    noTextRequired: false,
    owned: null,
    ...extra,
  };
}

/**
 * Section 7's textbook cost: one $45 title over the $40 threshold, never overridden, for a
 * caller who may not override it.
 */
export function sectionCost(extra: Partial<SectionCost> = {}): SectionCost {
  return {
    sectionId: 7,
    lowCents: 4500,
    highCents: 9000,
    keptDesignation: 'NONE',
    reason: 'Required materials cost $45.00 at the cheapest, over the $40.00 low-cost threshold',
    override: null,
    designation: 'NONE',
    history: [],
    mayOverride: false,
    ...extra,
  };
}
