/** What section research answers when it refuses (one place, so tests and docs agree). */
export const RESEARCH_MESSAGES = {
  noSectionAccess: 'You do not have permission to view sections.',
  badCursor: 'is not a page cursor',
  cursorOfAnotherSort: 'is a page cursor of another sort order: start again from the first page',
  sectionNotFound: 'Section not found',
  divisionNotFound: 'Division not found',
  termNotFound: 'Term not found',
  departmentNotFound: 'Department not found',
  courseNotFound: 'Course not found',
  professorNotFound: 'Professor not found',
} as const;
