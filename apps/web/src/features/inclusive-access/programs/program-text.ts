import type { IaTerm } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';

/** The words of the inclusive-access program screens (issue 32, points 1 and 6). */
export const PROGRAM_TEXT = {
  pageTitle: 'Inclusive access',
  intro:
    'Sections whose required digital materials every enrolled student has from the first day, charged to the student’s account unless they opt out by the term’s deadline.',
  loadingTerms: 'the terms',
  loadingPrograms: 'the programs',
  noTerms: 'No term that has not ended has a section you manage inclusive access for.',
  refusedTitle: 'Not available',
  editDates: 'Edit dates',
  datesTitle: 'Opt-out deadline and refund window',
  deadlineLabel: 'Opt-out deadline',
  refundLabel: 'Refund window ends',
  deadlineHelp: 'The last day students may opt out or back in.',
  refundHelp: 'Drops up to this day after the deadline are credited. Empty: none are.',
  dayRequired: 'Enter a whole date, or leave it empty.',
  save: 'Save',
  noPrograms: 'No section of this term is in the program yet.',
  addSection: 'Add a section',
  sectionPicker: 'Section',
  noCandidates: 'No section with an inclusive-access material matches.',
  editProgram: 'Edit program',
  participants: 'Participants',
  modelLabel: 'Model',
  noMaterials:
    'This section has no adopted material of the kind Inclusive access. Adopt one (or mark its title Inclusive access) first.',
  priceLabel: 'Price per student',
  priceInvalid: 'Enter a price in dollars, more than $0.00.',
  removeHint: 'Untick every material to take the section out of the program.',
  noParticipants: 'No student is enrolled in this section yet.',
  chargeFiles: 'Charge files',
  accessList: 'Access list (CSV)',
  chargesMade:
    'Charges are fixed: download the files for the bursar, or make the next one for late drops.',
  chargesDue: 'The opt-out deadline has passed: the charges can be fixed in a charge file.',
  chargesLater: 'The charges are fixed in a charge file after the opt-out deadline.',
} as const;

/** "Opt out by 09/20/2026 · refunds until 10/20/2026" or what is missing. */
export function datesLine(term: IaTerm): string {
  if (!term.optOutDeadline) return 'No opt-out deadline set';
  const passed = term.deadlinePassed ? ' (passed)' : '';
  const refund = term.refundUntil
    ? ` · drops credited until ${formatDisplayDate(term.refundUntil)}`
    : ' · no refund window';
  return `Opt out by ${formatDisplayDate(term.optOutDeadline)}${passed}${refund}`;
}

/** "12.5%" or "–" with nobody enrolled. */
export const rateText = (rate: number | null) => (rate === null ? '–' : `${rate}%`);
