import { COURSE_DETAIL_MESSAGES } from '../course-detail/course-detail-messages.ts';

/** What the adoption wizard says; spec §8 texts verbatim where the spec gives them. */
export const WIZARD_MESSAGES = {
  /** Spec §8. */
  searchFailed: 'Error while searching',
  /** Spec §8, followed by the server's message. */
  createFailed: 'Error creating adoption:',
  /** Spec §8, followed by the server's message (edit and link). */
  updateFailed: 'Error updating adoption:',
  /** Spec §8, followed by the server's message. */
  proposalFailed: 'Unable to save information!',
  /** Spec §8: said after the server's 'Adoption already exists for this title.' */
  alreadyAutoAdopted:
    'This product is already on an Auto Adoption for this course: edit the existing auto adoption instead.',
  alreadySectionAdopted: 'This product is already adopted for an identical section.',
  /** Spec §8, as the course screen says them. */
  sectionsFailed: COURSE_DETAIL_MESSAGES.sectionsFailed,
  noPreviousAdoptions: COURSE_DETAIL_MESSAGES.noPreviousAdoptions,
  previousAdoptionsFailed: COURSE_DETAIL_MESSAGES.previousAdoptionsFailed,
  created: 'Adoption added.',
  updated: 'Adoption updated.',
  linked: 'The proposed title is now linked to the catalog title.',
  everySection:
    'This is an auto adoption: it covers every section of the course, including sections added later.',
} as const;
