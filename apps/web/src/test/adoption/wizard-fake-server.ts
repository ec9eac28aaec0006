import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { AdoptionMaterialDTO, AdoptionSection, MaterialSearchResult } from '@csp/contracts';
import { json, type StubRequest } from '../fetch-stub.ts';
import {
  BASE,
  CELL_BIOLOGY,
  COURSE_PATH,
  PRINT_TITLE_COSTS,
  SECTIONS,
  renderCourse,
  type FakeCourseOptions,
} from './course-detail-fake-server.ts';

export { BASE, COURSE_PATH, callsTo } from './course-detail-fake-server.ts';

type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * The wizard's tests run on 06/01/2026: section A2 (starts 09/11/2026) is within the 200-day
 * horizon, A1 of Spring 2027 (01/12/2027) only within 360 days, N1 already says no text required.
 * B1 (10/05/2026) has no adoption at all, so it alone can be marked no text required.
 */
export const TODAY = '2026-06-01';

export function pinToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T12:00:00`));
}

const RESULT_BASE = {
  author: 'Henry Gomez',
  isbn10: null,
  digitalIsbn: null,
  productCode: 'TXT',
  edition: '3rd',
  publisher: 'LexisNexis',
  bookImageUrl: null,
  publishDate: '2024-01-01',
  rank: 1,
  ...PRINT_TITLE_COSTS,
} as const;

export const CATALOG_RESULT: MaterialSearchResult = {
  ...RESULT_BASE,
  source: 'CATALOG',
  titleId: 438,
  externalProductId: null,
  ean13: '9780944900550',
  formattedEan13: '978-0-944900-55-0',
  description: 'Cell Biology: A Short Course',
};

/** The course's own Cell Biology (CELL_BIOLOGY, on A2 and A1) as a search finds it. */
export const ADOPTED_RESULT: MaterialSearchResult = {
  ...CATALOG_RESULT,
  titleId: 436,
  ean13: '9780944900543',
  formattedEan13: '978-0-944900-54-3',
  description: 'Cell Biology',
};

export const EXTERNAL_RESULT: MaterialSearchResult = {
  ...RESULT_BASE,
  source: 'EXTERNAL',
  titleId: null,
  externalProductId: 9001,
  ean13: '9780306406157',
  formattedEan13: '978-0-306-40615-7',
  description: 'Molecular Biology of the Cell',
  author: 'Bruce Alberts',
  edition: '7th',
  publisher: 'Garland',
};

/** The store title createTitle makes of EXTERNAL_RESULT. */
export const CREATED_TITLE_ID = 777;

export const B1: AdoptionSection = {
  ...(SECTIONS[1] as AdoptionSection),
  sectionId: 14,
  sectionCode: 'B1',
  startDate: '2026-10-05',
  listingCount: 0,
  sectionHasNonNTRAdoption: false,
};

/** The course's sections without N1 (marked no text required), where an auto adoption can go. */
export const SECTIONS_WITHOUT_NTR = {
  [`GET ${BASE}/1/BIOL/101/getSectionsByDivisionAndCourse`]: () =>
    json(200, {
      potentialAdoptionSections: [...SECTIONS, B1].filter((s) => !s.sectionHasNTRAdoption),
    }),
};

const saved = (id: number): AdoptionMaterialDTO => ({ ...CELL_BIOLOGY, adoptionMaterialId: id });

/** The course screen's fake server plus the wizard's calls; `handlers` override any of them. */
export function renderWizard(path: string = COURSE_PATH, options: FakeCourseOptions = {}) {
  const handlers: Record<string, Handler> = {
    [`GET ${BASE}/1/BIOL/101/getSectionsByDivisionAndCourse`]: () =>
      json(200, { potentialAdoptionSections: [...SECTIONS, B1] }),
    [`GET ${BASE}/material/search`]: () =>
      json(200, { materials: [CATALOG_RESULT, EXTERNAL_RESULT], recordCount: 2, isbnMatch: false }),
    [`POST ${BASE}/material/createTitle`]: () =>
      json(200, {
        titleDTOList: [
          { ...CELL_BIOLOGY.title, id: CREATED_TITLE_ID, description: EXTERNAL_RESULT.description },
        ],
      }),
    [`GET ${BASE}/getProposedTitleTypes`]: () =>
      json(200, {
        proposedProductTypeDTOList: [
          { proposedProductTypeId: 1, name: 'Course pack' },
          { proposedProductTypeId: 2, name: 'Lab manual' },
        ],
      }),
    [`POST ${BASE}/material/createProposedTitle`]: () =>
      json(200, {
        proposedTitleDTO: {
          proposedTitleId: 31,
          author: '',
          contactInformation: '',
          description: 'Biology lab pack',
          digitalProduct: false,
          edition: 'Latest',
          notes: '',
          productCode: '',
          productLink: '',
          proposedProductTypeId: 1,
          publisher: '',
        },
      }),
    [`POST ${BASE}/material/createAdoption`]: () => json(200, { adoptionMaterial: saved(500) }),
    [`POST ${BASE}/material/modifyAdoption`]: () => json(200, { adoptionMaterial: saved(101) }),
    [`POST ${BASE}/material/convertMaterialProposedToActualTitle`]: () =>
      json(200, { adoptionMaterial: saved(102) }),
    ...options.handlers,
  };
  const view = renderCourse(path, { ...options, handlers });
  return { ...view, user: userEvent.setup() };
}

export async function wizardDialog(name = 'Add an adoption') {
  return screen.findByRole('dialog', { name });
}

/** From the course page: Add adoption, search for a material, and choose a result. */
export async function pickSearchResult(
  user: ReturnType<typeof userEvent.setup>,
  resultName: RegExp,
  search = 'cell biology',
) {
  await user.click(await screen.findByRole('button', { name: 'Add adoption' }));
  const dialog = await wizardDialog();
  await user.click(within(dialog).getByRole('button', { name: /^Search for a material/ }));
  await user.type(within(dialog).getByRole('searchbox', { name: 'ISBN, title or author' }), search);
  await user.click(within(dialog).getByRole('button', { name: 'Search' }));
  await user.click(await within(dialog).findByRole('button', { name: resultName }));
  await within(dialog).findByRole('heading', { name: 'About this adoption' });
  return dialog;
}
