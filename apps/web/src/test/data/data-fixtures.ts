import type { ImportColumnMapping, ImportFormat, ImportSummary, TermHoldings } from '@csp/contracts';

/** An import as the server would describe it; a checked section file by default. */
export function importSummary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    importId: 31,
    formatId: 'uiuc-grades-by-crn',
    formatName: 'UIUC sections by CRN',
    feeds: ['COURSES_SECTIONS', 'PROFESSORS'],
    fileName: 'fall-2025.csv',
    fileType: 'csv',
    fileBytes: 816_951,
    divisionId: 1,
    divisionName: 'Main Campus',
    status: 'VALIDATED',
    createdAt: '2026-11-25T14:05:00.000Z',
    createdByName: 'Casey Morgan',
    appliedAt: null,
    rowsRead: 6573,
    rowsValid: 6540,
    rowsRejected: 33,
    added: 6500,
    updated: 40,
    unchanged: 0,
    entities: [
      { entity: 'courses', added: 3200, updated: 17, unchanged: 0 },
      { entity: 'sections', added: 6500, updated: 40, unchanged: 0 },
    ],
    reasons: [{ column: 'Course Section', message: 'A section code is required.', rows: 33 }],
    rowsWarned: 0,
    warnings: [],
    columnMapping: null,
    csvDialect: { separator: 'comma', encoding: 'utf-8', chosen: false },
    applyPauseSeconds: null,
    progress: null,
    errorMessage: null,
    terms: ['Fall 2025'],
    ...overrides,
  };
}

/**
 * The mapping of a file whose headers are not the format's own, as the server proposes it:
 * the section found, the term missing (the file has no such column), the instructor a names
 * column.
 */
export function columnMapping(overrides: Partial<ImportColumnMapping> = {}): ImportColumnMapping {
  return {
    fileColumns: [
      { header: 'Subj', samples: ['AAS', 'ACE', 'AAS'] },
      { header: 'Sec', samples: ['AD1', 'AL1'] },
      { header: 'Class Nbr', samples: ['41758', '41759'] },
      { header: 'Instructor', samples: ['Jane Doe', ''] },
    ],
    fields: [
      {
        key: 'subject',
        label: 'Department code',
        required: true,
        people: false,
        choice: { source: 'column', header: 'Subj' },
      },
      {
        key: 'section',
        label: 'Section code',
        required: true,
        people: false,
        choice: { source: 'column', header: 'Sec' },
      },
      { key: 'term', label: 'Term', required: false, people: false, choice: { source: 'none' } },
      {
        key: 'instructor',
        label: 'Professor',
        required: false,
        people: true,
        choice: { source: 'column', header: 'Instructor' },
      },
    ],
    nameOrder: 'last-first',
    templateName: null,
    ...overrides,
  };
}

export function importFormat(overrides: Partial<ImportFormat> = {}): ImportFormat {
  return {
    formatId: 'uiuc-grades-by-crn',
    name: 'UIUC sections by CRN',
    feeds: ['COURSES_SECTIONS', 'PROFESSORS'],
    description: 'One row per section with its primary instructor.',
    source: 'University of Illinois, public records',
    needsDivision: true,
    columns: [
      { column: 'Course Subject', field: 'Department code', required: true, note: '' },
      { column: 'Course Section', field: 'Section code', required: true, note: 'e.g. AD1' },
      { column: 'Primary Instructor', field: 'Professor', required: false, note: '"Last, First"' },
    ],
    ...overrides,
  };
}

export function termHoldings(overrides: Partial<TermHoldings> = {}): TermHoldings {
  return {
    divisionId: 1,
    divisionName: 'Main Campus',
    termId: 10,
    termName: 'Fall 2026',
    startDate: '2026-08-24',
    endDate: '2026-12-12',
    courses: 120,
    sections: 340,
    professors: 80,
    enrollments: 9100,
    adoptions: 410,
    ...overrides,
  };
}
