import type {
  courses,
  departments,
  divisions,
  professors,
  sectionProfessors,
  sections,
  terms,
} from '../schema/index.ts';
import type { DepartmentDef } from './department-catalog.ts';
import type { TermKind } from './store-plan.ts';

/** What the catalog generator produces: rows to insert plus lookups for later generators. */
export interface TermInfo {
  id: number;
  startDay: number;
  endDay: number;
}

export interface DepartmentInfo {
  id: number;
  divisionIndex: number;
  def: DepartmentDef;
}

export interface SectionInfo {
  id: number;
  courseId: number;
  departmentIndex: number;
  divisionIndex: number;
  kind: TermKind;
  startDay: number;
  endDay: number;
}

export interface CatalogData {
  divisions: (typeof divisions.$inferInsert)[];
  terms: (typeof terms.$inferInsert)[];
  departments: (typeof departments.$inferInsert)[];
  courses: (typeof courses.$inferInsert)[];
  professors: (typeof professors.$inferInsert)[];
  sections: (typeof sections.$inferInsert)[];
  sectionProfessors: (typeof sectionProfessors.$inferInsert)[];
  divisionIds: number[];
  /** Per division, its past, current and upcoming term. */
  termsByDivision: Record<TermKind, TermInfo>[];
  departmentInfo: DepartmentInfo[];
  /** Department index of each course id. */
  courseDepartment: Map<number, number>;
  sectionInfo: SectionInfo[];
  featuredProfessorId: number | null;
}
