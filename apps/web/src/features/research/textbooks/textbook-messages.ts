import { COST_DESIGNATION_LABELS, TEXTBOOK_NO_TEXT, TEXTBOOK_TBD } from '@csp/contracts';
import { formatMoney } from '../../../lib/money.ts';

/** The page's words, in one place for the page and its tests. */
export const TEXTBOOK_TEXT = {
  title: 'Textbook List',
  intro:
    'Required and recommended course materials for each section, with their ISBN and the store’s prices.',
  termLabel: 'Term',
  downloadCsv: 'Download CSV',
  /** For the registrar (and the store's staff who pass it on): the term's cost marks. */
  scheduleFeedCsv: 'Cost designations for the class schedule (CSV)',
  loading: 'Loading the textbook list',
  loadingDepartment: 'Loading courses',
  termsFailed: 'Unable to load the textbook list.',
  termFailed: 'Unable to load this term.',
  departmentFailed: 'Unable to load this department.',
  retry: 'Retry',
  noTerms: 'No terms have been published yet.',
  noDepartments: 'No sections are listed for this term.',
  departments: 'Departments',
  tbd: TEXTBOOK_TBD,
  noText: TEXTBOOK_NO_TEXT,
  noInstructor: 'Instructor to be announced',
  noPrice: 'Price not yet available',
  required: 'Required',
  recommended: 'Recommended',
  costFilterLabel: 'Textbook cost',
  costFilterAll: 'All sections',
  costFilterLow: 'Zero or low textbook cost',
  costFilterZtc: `${COST_DESIGNATION_LABELS.ZTC} only`,
  costFilterLtc: `${COST_DESIGNATION_LABELS.LTC} only`,
  noCostMatch: 'No section of this department matches the textbook cost chosen.',
} as const;

/** The one word to students on what the cost chips mean, with the store's own threshold. */
export function costExplanation(ltcThresholdCents: number): string {
  return (
    `${COST_DESIGNATION_LABELS.ZTC}: the required materials cost nothing (open, library or ` +
    `free materials). ${COST_DESIGNATION_LABELS.LTC}: the required materials cost ` +
    `${formatMoney(ltcThresholdCents)} or less at the cheapest way the store offers them.`
  );
}

/** "12 of 15 sections answered, 80%": what the bar shows, in words. */
export function completenessText(answered: number, count: number, percent: number): string {
  return `${answered} of ${count} ${count === 1 ? 'section' : 'sections'} answered, ${percent}%`;
}
