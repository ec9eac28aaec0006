/**
 * The catalog every area reads: divisions, terms, departments, courses, sections, professors.
 * Adoption, research, students, dashboards, imports and funding import only this file.
 *
 * A catalog item is resolved one way per kind of input: `resolveScope` for what a user sends
 * (a division id and codes below it, answered with 400s naming the field), and
 * `resolveCatalogAncestry` for ids already stored (a grant, a row), answered with null when
 * the ids are not an item of the store. Both return the full ancestry.
 */
export {
  findCourse,
  findDepartment,
  findDivision,
  listCourses,
  listDivisions,
  listSections,
  type DivisionRow,
  type SectionRow,
} from './repository.ts';
export {
  resolveCatalogAncestry,
  type CatalogAncestry,
  type ScopeColumns,
} from './ancestry-repository.ts';
export {
  listDepartmentsInTerm,
  listProfessors,
  listTerms,
  type ProfessorRow,
  type TermRow,
} from './term-repository.ts';
export { resolveScope, scopeKey, type ResolvedScope } from './scope.ts';
export {
  coursesForPicker,
  departmentsForPicker,
  divisionsForPicker,
  sectionsForPicker,
} from './pickers.ts';
export { CATALOG_MESSAGES } from './messages.ts';
export { likeLiteral, parseCourseSearch, type CourseSearch } from './course-search.ts';
export { courseSearchMatches } from './course-search-repository.ts';
