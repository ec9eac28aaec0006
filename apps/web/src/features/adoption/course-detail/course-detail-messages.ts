/** What the course detail screen says; §8 texts verbatim where the spec gives them. */
export const COURSE_DETAIL_MESSAGES = {
  /** Spec §8. */
  sectionsFailed: 'Unable to load section data.',
  /** Spec §8. */
  noPreviousAdoptions: 'Sorry, we do not have any previous adoptions for this course.',
  /** Spec §8. */
  previousAdoptionsFailed: 'Unable to load Previous Adoptions.',
  notFoundHeading: 'Course not found or not in your adoption scope',
  noAdoptions: 'No adoptions yet for this course',
  chooseSection: 'Choose the section to remove the adoption from.',
  messagePosted: 'Message posted.',
  messagePostedNotified:
    'Message posted. The submitter is e-mailed and the adoption now needs their response.',
} as const;
