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
  /** On a card in its type's list whose adoption also waits in "Needing a response". */
  alsoNeedingResponse: 'Also listed under Needing a response.',
  /** Why the lists hold fewer adoptions than the course has had. */
  notCurrentAdoptions: (n: number) =>
    n === 1
      ? '1 adoption that has ended or is on no section any more is only under Previous adoptions.'
      : `${n} adoptions that have ended or are on no section any more are only under Previous adoptions.`,
  chooseSection: 'Choose the section to remove the adoption from.',
  messagePosted: 'Message posted.',
  messagePostedNotified:
    'Message posted. The submitter is e-mailed and the adoption now needs their response.',
} as const;
