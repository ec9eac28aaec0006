import { ROLLOVER_MESSAGES, shortTermName } from '@csp/contracts';

/** The rollover page's words (issue 30, point 4). */
export const ROLLOVER_TEXT = {
  pageTitle: ROLLOVER_MESSAGES.pageTitle,
  intro:
    "Carry a department's adoptions from an earlier term into a coming one, section by section. Each carried adoption becomes a proposal the instructor confirms or changes on My courses.",
  loadingChoices: 'the divisions you run',
  noDivisions: 'You do not run adoption campaigns for any division.',
  division: 'Division',
  department: 'Department',
  allDepartments: 'All departments',
  target: 'Carry into',
  source: 'Carry from',
  sameSeason: 'The last term of the same season',
  noEarlierTerm: 'This division has no term before the chosen one.',
  preview: 'Preview',
  loadingPreview: 'the preview',
  previewTitle: (from: string | null, to: string) =>
    from ? `${shortTermName(from)} to ${shortTermName(to)}` : `Into ${shortTermName(to)}`,
  noSource: (season: string) =>
    `This division has no earlier ${season} term. Choose the term to carry from.`,
  noSections: 'Neither term has sections here.',
  apply: 'Create proposals',
  applyTitle: 'Create the proposals?',
  applyQuestion: (proposals: number, sections: number) =>
    `This creates ${proposals} ${proposals === 1 ? 'proposal' : 'proposals'} for ${sections} ${
      sections === 1 ? 'section' : 'sections'
    }. Instructors see them on My courses to confirm or change. Sections that already have an adoption are left alone.`,
  applying: 'Creating…',
  nothingToApply: 'Nothing to carry: every matched section is adopted or had no adoption.',
  applied: (created: number, sections: number, adopted: number) =>
    `Created ${created} ${created === 1 ? 'proposal' : 'proposals'} for ${sections} ${
      sections === 1 ? 'section' : 'sections'
    }${adopted > 0 ? `; ${adopted} already adopted ${adopted === 1 ? 'section was' : 'sections were'} left alone` : ''}.`,
  sectionsTable: 'Sections of both terms',
  course: 'Course',
  section: 'Section',
  state: 'State',
  materials: "Last term's materials",
  show: 'Show',
  allSections: (n: number) => `All sections (${n})`,
  changes: 'Changes',
  enrollment: 'Enrollment',
  recommended: 'Recommended',
  required: 'Required',
  none: 'None',
  unconfirmedTitle: 'Not confirmed yet',
  loadingUnconfirmed: 'the unconfirmed proposals',
  unconfirmedEmpty: 'Every proposal of this term is confirmed, or none was made yet.',
  export: 'Export CSV',
  exporting: 'Exporting…',
  unconfirmedCount: (n: number) => `${n} ${n === 1 ? 'proposal' : 'proposals'} not confirmed`,
  sectionsOf: (codes: string) => `Sections ${codes}`,
  instructors: (names: string) => (names ? `Taught by ${names}` : 'No instructor assigned'),
} as const;
