/** Messages of the adoption area. */
export const ADOPTION_MESSAGES = {
  mayNotAdopt: 'You do not have permission to adopt course materials.',
  courseNotFound: (departmentCode: string, courseCode: string) =>
    `There is no course ${departmentCode} ${courseCode} in that division that you can work on.`,
} as const;
