import { COURSE_DETAIL_MESSAGES } from '../course-detail/course-detail-messages.ts';

/** What the adoption wizard says; docs/behaviour/messages.md texts verbatim where the spec gives them. */
export const WIZARD_MESSAGES = {
  /** docs/behaviour/messages.md. */
  searchFailed: 'Error while searching',
  /** docs/behaviour/messages.md, followed by the server's message. */
  createFailed: 'Error creating adoption:',
  /** docs/behaviour/messages.md, followed by the server's message (edit and link). */
  updateFailed: 'Error updating adoption:',
  /** docs/behaviour/messages.md, followed by the server's message. */
  proposalFailed: 'Unable to save information!',
  /** docs/behaviour/messages.md: said after the server's 'Adoption already exists for this title.' */
  alreadyAutoAdopted:
    'This product is already on an Auto Adoption for this course: edit the existing auto adoption instead.',
  alreadySectionAdopted: 'This product is already adopted for an identical section.',
  /** docs/behaviour/messages.md, as the course screen says them. */
  sectionsFailed: COURSE_DETAIL_MESSAGES.sectionsFailed,
  noPreviousAdoptions: COURSE_DETAIL_MESSAGES.noPreviousAdoptions,
  previousAdoptionsFailed: COURSE_DETAIL_MESSAGES.previousAdoptionsFailed,
  created: 'Adoption added.',
  updated: 'Adoption updated.',
  linked: 'The proposed title is now linked to the catalog title.',
  everySection:
    'This is an auto adoption: it covers every section of the course, including sections added later.',
  optionalNotCounted:
    "No makes it optional: students may do without it, and it does not count toward the course's cost to students.",
  kindHint:
    'What students pay for it: bought, billed to their account, or free (open, library-licensed).',
} as const;
