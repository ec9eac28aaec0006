/** What the course detail screen says; docs/behaviour/messages.md texts verbatim where the spec gives them. */
export const COURSE_DETAIL_MESSAGES = {
  /** docs/behaviour/messages.md. */
  sectionsFailed: 'Unable to load section data.',
  /** docs/behaviour/messages.md. */
  noPreviousAdoptions: 'Sorry, we do not have any previous adoptions for this course.',
  /** docs/behaviour/messages.md. */
  previousAdoptionsFailed: 'Unable to load Previous Adoptions.',
  notFoundHeading: 'Course not found or not in your adoption scope',
  noAdoptions: 'No adoptions yet for this course',
  chooseSection: 'Choose the section to remove the adoption from.',
  messagePosted: 'Message posted.',
  messagePostedNotified:
    'Message posted. The submitter is e-mailed and the adoption now needs their response.',
} as const;
