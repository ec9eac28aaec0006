/** Messages of catalog look-ups: each names the level and the code or id that was not found. */
export const CATALOG_MESSAGES = {
  divisionNotFound: (id: number) => `There is no division ${id} in this store.`,
  departmentNotFound: (code: string) => `There is no department ${code} in that division.`,
  courseNotFound: (code: string) => `There is no course ${code} in that department.`,
  sectionNotFound: 'There is no such section in that course.',
  sectionAmbiguous: (code: string) =>
    `Section ${code} runs in several terms; give its sectionId to say which.`,
} as const;
