/** Messages of the adoption area. */
export const ADOPTION_MESSAGES = {
  mayNotAdopt: 'You do not have permission to adopt course materials.',
  courseNotFound: (departmentCode: string, courseCode: string) =>
    `There is no course ${departmentCode} ${courseCode} in that division that you can work on.`,
  /** Spec §8, verbatim. */
  noPreviousAdoptions: 'Sorry, we do not have any previous adoptions for this course.',
  adoptionNotFound: 'There is no such adoption on a course you can work on.',
  notOnSection: 'That adoption is not on that section.',
  notProposedAutoAdoption: 'That adoption is not a course adoption of a proposed title.',
  mayNotChangeCourse: 'You cannot change the course adoptions of this course.',
  mayNotChangeSection: 'You cannot change the adoptions of that section.',
  mayNotSendFutureAdoptions:
    'Only the course materials team and submitters can send the future adoptions e-mail.',
  noFutureAdoptions:
    'This course has no adoptions on sections that start in the future, so there is nothing to send.',
  futureAdoptionsNotSent:
    'The future adoptions e-mail could not be sent to anyone. Nothing was recorded: try again later.',
  noFutureAdoptionRecipients:
    'Nobody can be told: the instructors of the future sections and the submitters have no e-mail address.',
} as const;
