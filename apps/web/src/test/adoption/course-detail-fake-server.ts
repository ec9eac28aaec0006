import type {
  ActionName,
  AdoptionHistoryItem,
  AdoptionMaterialDTO,
  AdoptionSection,
  CostGapsAnswer,
  CourseDTO,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

type Handler = (request: StubRequest) => Response | Promise<Response>;

/** The signed-in account of the fixtures is 7; adoption calls name it in their path. */
export const BASE = '/app-rest/adoption/v1/7';
export const COURSE_PATH = '/adopt/course/1/BIOL/101';
const COURSE_BASE = `${BASE}/1/BIOL/101`;

export const COURSE: CourseDTO = {
  courseId: 40,
  divisionId: 1,
  divisionName: 'Main Campus',
  departmentCode: 'BIOL',
  departmentName: 'Biology',
  courseCode: '101',
  courseName: 'Introduction to Biology',
  nextStartDate: '2027-01-12',
  adoptionStatus: 'incomplete',
  responseRequired: true,
  sectionCount: 3,
  adoptedSectionCount: 2,
  noTextRequiredSectionCount: 1,
  lateSectionCount: 0,
  missingSectionCount: 0,
  ztcSectionCount: 0,
  ltcSectionCount: 0,
};

function section(overrides: Partial<AdoptionSection> & Pick<AdoptionSection, 'sectionId'>) {
  return {
    courseCode: '101',
    sectionCode: 'A1',
    termName: 'Fall 2026',
    startDate: '2026-08-25',
    endDate: '2026-12-12',
    professorNames: ['Deja Reed'],
    studentsEnrolled: 20,
    listingCount: 0,
    sectionHasNTRAdoption: false,
    sectionHasNonNTRAdoption: false,
    noTextRequired: false,
    percentOrderItemsFulfilled: 50,
    requiredCostLowCents: null,
    requiredCostHighCents: null,
    designation: 'NONE',
    ...overrides,
  } satisfies AdoptionSection;
}

export const SECTIONS: AdoptionSection[] = [
  // Its one listing says no text is required: NMR.
  section({
    sectionId: 11,
    sectionCode: 'N1',
    listingCount: 1,
    sectionHasNTRAdoption: true,
    noTextRequired: true,
    percentOrderItemsFulfilled: 75,
    requiredCostLowCents: 0,
    requiredCostHighCents: 0,
    designation: 'ZTC',
  }),
  section({
    sectionId: 12,
    sectionCode: 'A2',
    startDate: '2026-09-11',
    listingCount: 2,
    sectionHasNonNTRAdoption: true,
    professorNames: ['Lucia Tanaka', 'Jin Walker'],
    percentOrderItemsFulfilled: null,
    requiredCostLowCents: 9_550,
    requiredCostHighCents: 14_200,
  }),
  section({
    sectionId: 13,
    sectionCode: 'A1',
    termName: 'Spring 2027',
    startDate: '2027-01-12',
    endDate: '2027-05-08',
    listingCount: 1,
    sectionHasNonNTRAdoption: true,
    studentsEnrolled: 18,
  }),
];

const BASE_ADOPTION = {
  active: true,
  startDate: '2026-08-25',
  expirationDate: '2026-12-12',
  titleId: null,
  adoptionProposedTitleId: null,
  adoptionType: 'SECTION_ADOPTION',
  required: true,
  materialKind: 'COMMERCIAL_PRINT',
  bindInComponentRequired: false,
  printOnlyRequired: false,
  estimatedSectionEnrollment: 40,
  externalAdoptionNote: '',
  flexibleOnEdition: false,
  ia: false,
  iapublisher: null,
  noTextRequired: false,
  removal: false,
  catalogListingStatus: 'LISTED',
  adoptionMessagingStatusName: 'NONE',
  title: null,
  proposedTitle: null,
  submitter: { name: 'Sam Submitter', userName: 'submitter@demo-university.edu' },
  sections: [],
  createdAt: '2026-06-14T15:00:00.000Z',
  updatedAt: '2026-07-12T16:00:00.000Z',
  source: 'PORTAL',
  messageCount: 0,
} as const satisfies Omit<AdoptionMaterialDTO, 'adoptionMaterialId'>;

/** A bought print title's kind and prices (issue 31): new and used offered. */
export const PRINT_TITLE_COSTS = {
  materialKind: 'COMMERCIAL_PRINT',
  licence: null,
  accessUrl: null,
  prices: { newCents: 12_500, usedCents: 9_400, rentalCents: null, digitalCents: null },
} as const;

function proposed(id: number, description: string) {
  return {
    proposedTitleId: id,
    author: 'Maya Martin',
    contactInformation: 'rep@publisher.example.com',
    description,
    digitalProduct: false,
    edition: 'Latest',
    notes: '',
    productCode: 'PRINT',
    productLink: '',
    proposedProductTypeId: 1,
    publisher: 'Macmillan Learning',
  };
}

export const CELL_BIOLOGY: AdoptionMaterialDTO = {
  ...BASE_ADOPTION,
  adoptionMaterialId: 101,
  titleId: 436,
  expirationDate: '2027-05-08',
  flexibleOnEdition: true,
  bindInComponentRequired: true,
  ia: true,
  iapublisher: 'LexisNexis',
  title: {
    id: 436,
    ean13: '9780944900543',
    formattedEan13: '978-0-944900-54-3',
    author: 'Henry Gomez',
    description: 'Cell Biology',
    isbn10: '0944900542',
    digitalIsbn: null,
    productCode: 'TXT',
    edition: '3rd',
    publisher: 'LexisNexis',
    bookImageUrl: null,
    ...PRINT_TITLE_COSTS,
  },
  sections: [
    { sectionId: 12, sectionCode: 'A2' },
    { sectionId: 13, sectionCode: 'A1' },
  ],
};

export const LAB_NOTEBOOK: AdoptionMaterialDTO = {
  ...BASE_ADOPTION,
  adoptionMaterialId: 102,
  adoptionProposedTitleId: 6,
  required: false,
  printOnlyRequired: true,
  adoptionMessagingStatusName: 'RESPONSE_REQUIRED',
  proposedTitle: proposed(6, 'Lab Notebook'),
  sections: [{ sectionId: 12, sectionCode: 'A2' }],
};

export const OPEN_READER: AdoptionMaterialDTO = {
  ...BASE_ADOPTION,
  adoptionMaterialId: 103,
  adoptionType: 'AUTO_ADOPTION',
  adoptionProposedTitleId: 7,
  expirationDate: null,
  estimatedSectionEnrollment: null,
  proposedTitle: proposed(7, 'Open Biology Reader'),
};

export const NO_TEXT: AdoptionMaterialDTO = {
  ...BASE_ADOPTION,
  adoptionMaterialId: 104,
  noTextRequired: true,
  materialKind: null,
  sections: [{ sectionId: 11, sectionCode: 'N1' }],
};

export const ADOPTIONS = [CELL_BIOLOGY, LAB_NOTEBOOK, NO_TEXT, OPEN_READER];

export const EXPIRED: AdoptionMaterialDTO = {
  ...CELL_BIOLOGY,
  adoptionMaterialId: 90,
  active: false,
  startDate: '2024-01-10',
  expirationDate: '2024-05-10',
  sections: [],
  title: CELL_BIOLOGY.title && { ...CELL_BIOLOGY.title, description: 'Cell Biology, 2nd edition' },
};

/** Made by importing a store's adoption history file on the Data Summary, not in the portal. */
export const IMPORTED_GENETICS: AdoptionMaterialDTO = {
  ...CELL_BIOLOGY,
  adoptionMaterialId: 105,
  source: 'IMPORT',
  required: false,
  flexibleOnEdition: false,
  bindInComponentRequired: false,
  ia: false,
  iapublisher: null,
  submitter: null,
  title: CELL_BIOLOGY.title && { ...CELL_BIOLOGY.title, description: 'Genetics Workbook' },
};

export const HISTORY: AdoptionHistoryItem[] = [
  {
    id: 1,
    action: 'REMOVED_FROM_SECTION',
    label: 'Removed from a section',
    at: '2026-07-01T14:05:00.000Z',
    actor: { userName: 'cma@demo-university.edu', name: 'Casey Materials' },
    message: null,
    notifySubmitter: null,
    ccEmailList: [],
    before: { sectionId: 13, removed: false },
    after: { sectionId: 13, removed: true },
  },
  {
    id: 2,
    action: 'MESSAGE_POSTED',
    label: 'Message posted',
    at: '2026-07-02T09:00:00.000Z',
    actor: { userName: 'cma@demo-university.edu', name: 'Casey Materials' },
    message: 'Is the 3rd edition still right?',
    notifySubmitter: true,
    ccEmailList: ['dean@demo-university.edu'],
    before: null,
    after: null,
  },
];

const importEntry = (
  id: number,
  at: string,
  before: AdoptionHistoryItem['before'],
  after: NonNullable<AdoptionHistoryItem['after']>,
): AdoptionHistoryItem => ({
  id,
  action: 'IMPORTED',
  label: 'Imported from a file',
  at,
  actor: { userName: 'dana@demo-university.edu', name: 'Dana Data' },
  message: null,
  notifySubmitter: null,
  ccEmailList: [],
  before,
  after,
});

/** IMPORTED_GENETICS's history: the import that made it, then a re-import that changed it. */
export const IMPORT_HISTORY: AdoptionHistoryItem[] = [
  importEntry(21, '2026-06-20T13:00:00.000Z', null, {
    file: 'fall-2026-adoptions.csv',
    importId: 31,
    required: true,
    sectionCodes: ['A2'],
  }),
  importEntry(
    22,
    '2026-07-05T08:30:00.000Z',
    { required: true, sectionCodes: ['A2'] },
    { file: 'fall-2026-fixed.csv', importId: 32, required: false, sectionCodes: ['A1', 'A2'] },
  ),
];

export interface FakeCourseOptions {
  /** What getCourseUserActions answers (a 404 when null). */
  courseActions?: ActionName[] | null;
  /** The store's print-only flag for submitters (getCourseUserActions); false by default. */
  allowSubmittersToSelectPrintOnly?: boolean;
  /** Whether the caller may edit titles (getCourseUserActions); by default when ADOPT_CMA_TEAM. */
  mayEditTitles?: boolean;
  adoptions?: AdoptionMaterialDTO[];
  /** What getAdoptionMaterialHistoryItems answers, for whichever adoption; HISTORY by default. */
  history?: AdoptionHistoryItem[];
  /** One adoption's own history, by its id, in place of `history`. */
  historyById?: Record<number, AdoptionHistoryItem[]>;
  /** What getCourseCostGaps answers; no gap by default. */
  costGaps?: CostGapsAnswer;
  handlers?: Record<string, Handler>;
}

/**
 * The whole app at `path`, signed in (remember-me) with every adopt action, over a fake
 * adoption service for BIOL 101 in division 1. Removals and messages change its state, so a
 * test sees what the user would after the screen refreshes.
 */
export function renderCourse(path: string = COURSE_PATH, options: FakeCourseOptions = {}) {
  const courseActions =
    options.courseActions === undefined
      ? ['ADOPT_CMA_TEAM', 'VIEW_SECTION']
      : options.courseActions;
  let adoptions = (options.adoptions ?? ADOPTIONS).map((a) => ({ ...a }));
  // Each adoption keeps its own history, so a message posted on one is not counted on another.
  const histories = new Map<number, AdoptionHistoryItem[]>();
  const historyOf = (id: number) => {
    const found = histories.get(id);
    if (found) return found;
    const made = [...(options.historyById?.[id] ?? options.history ?? HISTORY)];
    histories.set(id, made);
    return made;
  };
  let nextEntryId = 1000;
  const notFound = () =>
    json(404, { message: 'There is no course BIOL 101 in that division that you can work on.' });
  const handlers: Record<string, Handler> = {
    [`GET ${COURSE_BASE}/getCourseUserActions`]: () =>
      courseActions
        ? json(200, {
            actions: courseActions,
            courseActions,
            allowSubmittersToSelectPrintOnly: options.allowSubmittersToSelectPrintOnly ?? false,
            mayEditTitles: options.mayEditTitles ?? courseActions.includes('ADOPT_CMA_TEAM'),
          })
        : notFound(),
    [`GET ${COURSE_BASE}/getSectionsByDivisionAndCourse`]: () =>
      courseActions ? json(200, { potentialAdoptionSections: SECTIONS }) : notFound(),
    // Each adoption's message count is its thread's, as the server counts it.
    [`GET ${COURSE_BASE}/getAdoptionMaterials`]: () =>
      courseActions
        ? json(200, {
            adoptionMaterials: adoptions.map((a) => ({
              ...a,
              messageCount: historyOf(a.adoptionMaterialId).filter(
                (h) => h.action === 'MESSAGE_POSTED',
              ).length,
            })),
          })
        : notFound(),
    [`GET ${COURSE_BASE}/getCourseCostGaps`]: () =>
      json(200, options.costGaps ?? { thresholdCents: 5_000, courses: [] }),
    [`GET ${COURSE_BASE}/getAdoptionMaterialHistory`]: () =>
      json(200, { myAdoptions: [EXPIRED], otherAdoptions: adoptions }),
    [`POST ${BASE}/getCourseList`]: (req) => {
      const body = req.body as { open?: boolean };
      // The course has sections that have not ended, so the first (open) look-up finds it.
      return json(
        200,
        body.open
          ? { courseDTOList: [COURSE], recordCount: 1 }
          : { courseDTOList: [], recordCount: 0 },
      );
    },
    [`GET ${BASE}/getAdoptionMaterialHistoryItems`]: (req) =>
      json(200, historyOf(Number(req.url.searchParams.get('adoptionMaterialId')))),
    [`POST ${BASE}/material/removeAdoptionFromSection`]: (req) => {
      const body = req.body as { adoptionMaterialId: number; sectionId: number; remove: boolean };
      adoptions = adoptions.map((a) =>
        a.adoptionMaterialId === body.adoptionMaterialId
          ? { ...a, sections: a.sections.filter((s) => s.sectionId !== body.sectionId) }
          : a,
      );
      return json(200, { ...body, removed: body.remove });
    },
    [`POST ${BASE}/material/removeProposedTitleAutoAdoption`]: (req) => {
      const body = req.body as { adoptionMaterialId: number };
      adoptions = adoptions.filter((a) => a.adoptionMaterialId !== body.adoptionMaterialId);
      return json(200, { adoptionMaterialId: body.adoptionMaterialId, active: false });
    },
    [`POST ${BASE}/material/postAdoptionMaterialMessage`]: (req) => {
      const body = req.body as {
        adoptionMaterialId: number;
        notifySubmitter: boolean;
        ccEmailList: string[];
        message: string;
      };
      const posted: AdoptionHistoryItem = {
        id: nextEntryId++,
        action: 'MESSAGE_POSTED',
        label: 'Message posted',
        at: '2026-07-03T10:00:00.000Z',
        actor: { userName: 'pat@example.edu', name: 'Pat Lee' },
        message: body.message,
        notifySubmitter: body.notifySubmitter,
        ccEmailList: body.ccEmailList,
        before: null,
        after: null,
      };
      historyOf(body.adoptionMaterialId).push(posted);
      const status = body.notifySubmitter ? 'RESPONSE_REQUIRED' : 'NONE';
      adoptions = adoptions.map((a) =>
        a.adoptionMaterialId === body.adoptionMaterialId
          ? { ...a, adoptionMessagingStatusName: status }
          : a,
      );
      return json(200, {
        adoptionMaterialId: body.adoptionMaterialId,
        adoptionMessagingStatusName: status,
        posted,
      });
    },
    [`POST ${BASE}/sendFutureAdoptionsEmail`]: () =>
      json(200, {
        recipients: ['sam@demo-university.edu', 'ida@demo-university.edu'],
        notDelivered: [],
        adoptionCount: 3,
      }),
    ...options.handlers,
  };
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(path, {
    session: sessionResponse({ actions: ['ADOPT_CMA_TEAM', 'ADOPT_COURSE', 'ADOPT_INSTRUCTOR'] }),
    handlers,
  });
}

/** Calls made to one adoption endpoint, e.g. `callsTo(calls, 'POST', 'material/removeAdoptionFromSection')`. */
export function callsTo(calls: StubRequest[], method: string, path: string): StubRequest[] {
  return calls.filter(
    (c) =>
      c.method === method &&
      (c.url.pathname === `${BASE}/${path}` || c.url.pathname === `${COURSE_BASE}/${path}`),
  );
}
