import type {
  ActionName,
  RolloverDivision,
  RolloverPreview,
  UnconfirmedProposal,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

const BASE = '/app-rest/adoption/v1/7/rollover';
export const ROLLOVER_PATHS = {
  choices: `${BASE}/choices`,
  preview: `${BASE}/preview`,
  apply: `${BASE}/apply`,
  unconfirmed: `${BASE}/unconfirmed`,
  export: `${BASE}/unconfirmed.csv`,
} as const;
export const ROLLOVER_PAGE = '/campaigns/rollover';

type Handler = (request: StubRequest) => Response | Promise<Response>;

const FALL_25 = { termId: 4, termName: 'Fall 2025 - Main Campus', startDate: '2025-08-25' };
const SPRING_26 = { termId: 5, termName: 'Spring 2026 - Main Campus', startDate: '2026-01-12' };
const FALL_26 = { termId: 6, termName: 'Fall 2026 - Main Campus', startDate: '2099-08-24' };

export const MAIN: RolloverDivision = {
  divisionId: 1,
  divisionName: 'Main Campus',
  terms: [FALL_26, SPRING_26, FALL_25],
  departments: [
    { departmentId: 51, code: 'BIO', name: 'Biology' },
    { departmentId: 52, code: 'CHEM', name: 'Chemistry' },
  ],
};

const CELLS = {
  adoptionMaterialId: 901,
  title: 'Cells and Their Parts',
  isbn: '978-0-306-40615-7',
  author: 'Test Author',
  edition: '3',
  required: true,
  noTextRequired: false,
  proposed: false,
  changes: [{ kind: 'NEWER_EDITION' as const, message: '4th edition (2026) is in the catalog.' }],
};

const common = {
  courseId: 11,
  departmentCode: 'BIO',
  courseCode: '101',
  courseName: 'Intro Biology',
};

export const PREVIEW: RolloverPreview = {
  targetTerm: FALL_26,
  sourceTerm: FALL_25,
  sections: [
    {
      ...common,
      sectionCode: '001',
      sourceSectionId: 101,
      targetSectionId: 201,
      state: 'CARRY',
      sourceEnrollment: 40,
      targetEnrollment: 20,
      changes: [{ kind: 'ENROLLMENT_CHANGE', message: 'Enrollment down 50% (40 to 20).' }],
      materials: [CELLS],
    },
    {
      ...common,
      sectionCode: '003',
      sourceSectionId: null,
      targetSectionId: 203,
      state: 'NEW_SECTION',
      sourceEnrollment: null,
      targetEnrollment: 25,
      changes: [
        { kind: 'NEW_SECTION', message: 'Section 003 is new: Fall 2025 had no such section.' },
      ],
      materials: [],
    },
    {
      ...common,
      sectionCode: '004',
      sourceSectionId: 104,
      targetSectionId: null,
      state: 'SECTION_GONE',
      sourceEnrollment: 12,
      targetEnrollment: null,
      changes: [{ kind: 'SECTION_GONE', message: 'Section 004 is not in the target term.' }],
      materials: [CELLS],
    },
  ],
  totals: {
    toCarry: 1,
    alreadyAdopted: 0,
    nothingToCarry: 0,
    sectionGone: 1,
    newSection: 1,
    proposals: 1,
  },
};

export const PROPOSAL: UnconfirmedProposal = {
  adoptionMaterialId: 990,
  termId: 6,
  termName: FALL_26.termName,
  divisionId: 1,
  divisionName: 'Main Campus',
  ...{ departmentCode: 'BIO', courseCode: '101', courseName: 'Intro Biology' },
  sections: [{ sectionCode: '001', instructors: ['Ida Instructor'] }],
  material: { ...CELLS, adoptionMaterialId: 990 },
  proposedAt: '2026-07-15T12:00:00.000Z',
};

/** The rollover endpoints: the choices, a preview (none without a source), apply, the list. */
export class FakeRolloverServer {
  preview: RolloverPreview = structuredClone(PREVIEW);
  proposals: UnconfirmedProposal[] = [];

  handlers(): Record<string, Handler> {
    return {
      [`GET ${ROLLOVER_PATHS.choices}`]: () => json(200, { divisions: [MAIN] }),
      [`GET ${ROLLOVER_PATHS.preview}`]: () => json(200, this.preview),
      [`POST ${ROLLOVER_PATHS.apply}`]: () => {
        this.proposals = [structuredClone(PROPOSAL)];
        const sections = this.preview.sections.map((s) =>
          s.state === 'CARRY' ? { ...s, state: 'ALREADY_ADOPTED' as const } : s,
        );
        const totals = { ...this.preview.totals, proposals: 0, toCarry: 0 };
        this.preview = { ...this.preview, sections, totals };
        return json(200, {
          sourceTerm: FALL_25,
          created: 1,
          sections: 1,
          alreadyProposed: 0,
          alreadyAdopted: 2,
        });
      },
      [`GET ${ROLLOVER_PATHS.unconfirmed}`]: () =>
        json(200, { proposals: this.proposals, recordCount: this.proposals.length }),
    };
  }
}

/** The whole app at the rollover page, signed in as Pat of the course materials team. */
export function renderRollover(
  server: FakeRolloverServer,
  options: { actions?: ActionName[] } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(ROLLOVER_PAGE, {
    session: sessionResponse({ actions: options.actions ?? ['MANAGE_ADOPTION_CAMPAIGNS'] }),
    handlers: server.handlers(),
  });
}
