import type { Locator, Page } from '@playwright/test';
import {
  AUTH_HEADER,
  PREVIOUS_ADOPTIONS_LOOKBACK_DAYS,
  addDays,
  createAdoption,
  createProposedTitle,
  createTitle,
  fillPath,
  getAdoptionMaterialHistory,
  getAdoptionMaterials,
  getCourseList,
  getProposedTitleTypes,
  getSectionsByDivisionAndCourse,
  login,
  searchMaterials,
  sectionBlockedReason,
  type AdoptionMaterialDTO,
  type AdoptionSection,
  type CourseDTO,
  type CreateAdoptionBody,
  type MaterialSearchResult,
  type SelectionFlow,
  type SessionResponse,
} from '@csp/contracts';
import { callApi, type ApiResult } from './api.ts';
import { demoAccount, expect } from './fixtures.ts';

/*
 * Demo data for the adoption wizard specs, found through the API as the user sees it (never
 * fixed ids). Every wizard test changes adoptions on the one shared e2e server while other
 * tests run, so each test takes courses no other test (of these specs or the existing ones)
 * touches: see `pickCmaCourse`.
 */

type Endpoint = { method: string; path: string };

/** Calls an endpoint as `session`; the path's params besides the caller's own account id. */
export async function apiCall<T>(
  session: SessionResponse,
  endpoint: Endpoint,
  params: Record<string, string | number> = {},
  options: { query?: Record<string, string | number>; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const path = fillPath(endpoint.path, { userAccountId: session.accountId, ...params });
  const query = options.query
    ? `?${new URLSearchParams(
        Object.entries(options.query).map(([k, v]) => [k, String(v)]),
      ).toString()}`
    : '';
  return callApi<T>('localhost', endpoint.method, path + query, options.body, {
    [AUTH_HEADER]: session.token,
  });
}

/** The same, expecting 200 and answering the body. */
export async function api<T>(
  session: SessionResponse,
  endpoint: Endpoint,
  params: Record<string, string | number> = {},
  options: { query?: Record<string, string | number>; body?: unknown } = {},
): Promise<T> {
  const res = await apiCall<T>(session, endpoint, params, options);
  expect(res.status, `${endpoint.method} ${endpoint.path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** Signs a demo user in through the API only (no browser). */
export async function apiSession(key: 'instructor' | 'cma' | 'submitter' | 'admin') {
  const account = demoAccount(key);
  const res = await callApi<SessionResponse>('localhost', login.method, login.path, {
    userName: account.userName,
    password: account.password,
  });
  expect(res.status, `demo login of ${account.userName}`).toBe(200);
  return res.body;
}

export const courseParams = (c: CourseDTO) => ({
  divisionId: c.divisionId,
  departmentCode: c.departmentCode,
  courseCode: c.courseCode,
});

export const coursePath = (c: CourseDTO) =>
  `/adopt/course/${c.divisionId}/${c.departmentCode}/${c.courseCode}`;

/** "A1 (Fall 2026)": how the wizard's section checklist and the cards name a section. */
export const sectionLabel = (s: AdoptionSection) => `${s.sectionCode} (${s.termName})`;

/** The caller's courses with sections that have not ended, by course code ascending. */
export async function coursesAscending(session: SessionResponse, pages = 1): Promise<CourseDTO[]> {
  const all: CourseDTO[] = [];
  for (let page = 1; page <= pages; page++) {
    const body = await api<{ courseDTOList: CourseDTO[] }>(
      session,
      getCourseList,
      {},
      {
        body: {
          open: true,
          sectionStartDate: '2000-01-01',
          sectionEndDate: '2199-12-31',
          coursesPerPage: 100,
          page,
          sortField: 'courseCode',
          sortDirection: 'asc',
        },
      },
    );
    all.push(...body.courseDTOList);
  }
  return all;
}

export interface CourseInfo {
  course: CourseDTO;
  sections: AdoptionSection[];
  adoptions: AdoptionMaterialDTO[];
  /** Previous adoptions (1825 days); null when the server answers 404 (there are none). */
  history: { myAdoptions: AdoptionMaterialDTO[]; otherAdoptions: AdoptionMaterialDTO[] } | null;
}

export async function courseInfo(session: SessionResponse, course: CourseDTO): Promise<CourseInfo> {
  const params = courseParams(course);
  const [sections, adoptions, history] = await Promise.all([
    api<{ potentialAdoptionSections: AdoptionSection[] }>(
      session,
      getSectionsByDivisionAndCourse,
      params,
    ),
    api<{ adoptionMaterials: AdoptionMaterialDTO[] }>(session, getAdoptionMaterials, params),
    apiCall<CourseInfo['history']>(session, getAdoptionMaterialHistory, params, {
      query: { startDateThreshold: PREVIOUS_ADOPTIONS_LOOKBACK_DAYS },
    }),
  ]);
  expect([200, 404], 'getAdoptionMaterialHistory').toContain(history.status);
  return {
    course,
    sections: sections.potentialAdoptionSections,
    adoptions: adoptions.adoptionMaterials,
    history: history.status === 200 ? history.body : null,
  };
}

/** Today as the web app's calendar has it (the browser runs on this machine). */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Sections the wizard lets the user choose (docs/behaviour/validation.md): starting within 200 days (a day's margin,
 * so a run across midnight does not matter), no no-text-required adoption, and for the
 * no-materials flow no adopted material either.
 */
export function choosableSections(
  sections: readonly AdoptionSection[],
  flow: SelectionFlow = 'material',
): AdoptionSection[] {
  const day = today();
  return sections.filter(
    (s) =>
      s.startDate <= addDays(day, 199) &&
      sectionBlockedReason(s, { today: day, showAll: false, flow }) === null,
  );
}

/** True when the course has an active adoption of a title with this ISBN-13. */
export function adoptsIsbn(info: CourseInfo, ean13: string): boolean {
  return info.adoptions.some((a) => a.title?.ean13 === ean13);
}

/**
 * The course materials team's tests each own one slot: a slot's courses are those at
 * positions `slot, slot + N, slot + 2N…` of the first 200 courses by code ascending, so two
 * tests never pick the same course however their needs overlap. Left out: the instructor's
 * courses (wizard-create's instructor tests), Biology (course-detail.spec's submitter courses)
 * and the course axe.spec.ts visits. course-detail.spec.ts works from the end of the list
 * (387 courses in the demo), far past the first 200.
 */
export const CMA_SLOTS = [
  'custom',
  'previous',
  'no-previous',
  'no-materials',
  'keyboard',
  'edit',
  'edit-no-material',
  'link',
  'back',
  'reload',
  'axe-1280',
  'axe-360',
  'focus-on-open',
  'toast',
  'kinds',
] as const;
export type CmaSlot = (typeof CMA_SLOTS)[number];

const AXE_SPEC_COURSE = '1/EDUC/221';
let instructorCourseIds: Promise<Set<number>> | undefined;

function instructorCourses(): Promise<Set<number>> {
  instructorCourseIds ??= apiSession('instructor')
    .then((s) => coursesAscending(s))
    .then((list) => new Set(list.map((c) => c.courseId)));
  return instructorCourseIds;
}

export async function pickCmaCourse(
  session: SessionResponse,
  slot: CmaSlot,
  need: (info: CourseInfo) => boolean,
  what: string,
): Promise<CourseInfo> {
  const index = CMA_SLOTS.indexOf(slot);
  const taught = await instructorCourses();
  const candidates = (await coursesAscending(session, 2)).filter(
    (c, i) =>
      i % CMA_SLOTS.length === index &&
      !taught.has(c.courseId) &&
      c.departmentCode !== 'BIOL' &&
      `${c.divisionId}/${c.departmentCode}/${c.courseCode}` !== AXE_SPEC_COURSE,
  );
  for (const course of candidates) {
    const info = await courseInfo(session, course);
    if (need(info)) return info;
  }
  throw new Error(`No course in slot ${slot} of the demo seed has ${what}`);
}

/** Searches materials as the wizard does (the server cleans the string as docs/behaviour/validation.md says). */
export async function searchMaterial(session: SessionResponse, searchString: string) {
  return api<{ materials: MaterialSearchResult[]; recordCount: number; isbnMatch: boolean }>(
    session,
    searchMaterials,
    {},
    { query: { searchString } },
  );
}

/** The one search result by `words` whose author matches, failing clearly when there is none. */
export async function findMaterial(
  session: SessionResponse,
  words: string,
  author: RegExp,
): Promise<MaterialSearchResult> {
  const { materials } = await searchMaterial(session, words);
  const found = materials.find((m) => author.test(m.author));
  if (!found) throw new Error(`The demo catalog has no "${words}" by ${String(author)}`);
  return found;
}

/** A store title for a search result (createTitle for a distributor product). */
export async function titleIdOf(
  session: SessionResponse,
  material: MaterialSearchResult,
): Promise<number> {
  if (material.titleId !== null) return material.titleId;
  const { titleDTOList } = await api<{ titleDTOList: { id: number }[] }>(
    session,
    createTitle,
    {},
    { body: { externalProductIdList: [material.externalProductId] } },
  );
  const id = titleDTOList[0]?.id;
  if (id === undefined) throw new Error('createTitle answered no title');
  return id;
}

/** The proposed product type named `name` (e.g. 'Course Pack'). */
export async function proposedTypeId(session: SessionResponse, name: string): Promise<number> {
  const { proposedProductTypeDTOList } = await api<{
    proposedProductTypeDTOList: { proposedProductTypeId: number; name: string }[];
  }>(session, getProposedTitleTypes);
  const type = proposedProductTypeDTOList.find((t) => t.name === name);
  if (!type) throw new Error(`No proposed product type ${name}`);
  return type.proposedProductTypeId;
}

/** Adopts through the API (setting up a test, not what it tests). */
export async function adoptThroughApi(
  session: SessionResponse,
  course: CourseDTO,
  material: { titleId: number } | { adoptionProposedTitleId: number } | { noTextRequired: true },
  sections: readonly AdoptionSection[],
  answers: Partial<CreateAdoptionBody['adoptionMaterial']> = {},
): Promise<AdoptionMaterialDTO> {
  const noText = 'noTextRequired' in material;
  // docs/behaviour/validation.md: a material starts today at the earliest; "no text required" at the earliest start
  // of the sections it may be recorded for, which the first chosen one's start is not before.
  const startDate = noText ? ([...sections.map((s) => s.startDate)].sort()[0] ?? today()) : today();
  const body: CreateAdoptionBody = {
    adoptionCatalog: courseParams(course),
    adoptionMaterial: {
      required: !noText,
      startDate,
      ...answers,
      ...material,
      noTextRequired: noText,
    },
    autoAdopt: false,
    sectionIdList: sections.map((s) => s.sectionId),
  };
  const res = await api<{ adoptionMaterial: AdoptionMaterialDTO }>(
    session,
    createAdoption,
    {},
    { body },
  );
  return res.adoptionMaterial;
}

/** A proposed title (a course pack) adopted for `sections`, through the API. */
export async function adoptProposedCoursePack(
  session: SessionResponse,
  course: CourseDTO,
  sections: readonly AdoptionSection[],
  description: string,
): Promise<AdoptionMaterialDTO> {
  const { proposedTitleDTO } = await api<{ proposedTitleDTO: { proposedTitleId: number } }>(
    session,
    createProposedTitle,
    {},
    {
      body: {
        description,
        author: 'E2E Department',
        edition: 'Latest',
        proposedProductTypeId: await proposedTypeId(session, 'Course Pack'),
      },
    },
  );
  return adoptThroughApi(
    session,
    course,
    { adoptionProposedTitleId: proposedTitleDTO.proposedTitleId },
    sections,
  );
}

/* ---- In the browser ---- */

/**
 * Opens a course's detail page and waits for its heading (hidden from the accessibility tree
 * when `query` opens a dialog over it).
 */
export async function openCourse(page: Page, baseUrl: string, course: CourseDTO, query = '') {
  await page.goto(`${baseUrl}${coursePath(course)}${query}`);
  const heading = page.getByRole('heading', {
    level: 1,
    name: course.courseName,
    includeHidden: true,
  });
  await expect(heading).toBeVisible();
}

export const WIZARD_TITLES = {
  create: 'Add an adoption',
  edit: 'Edit adoption',
  link_new: 'Link to a catalog title',
} as const;

/** The wizard's dialog, named by its mode's title. */
export function wizardDialog(page: Page, mode: keyof typeof WIZARD_TITLES = 'create'): Locator {
  return page.getByRole('dialog', { name: WIZARD_TITLES[mode] });
}

/** A wizard page is shown when its heading is, and the focus is on that heading. */
export async function expectWizardPage(dialog: Locator, heading: string): Promise<void> {
  const h = dialog.getByRole('heading', { level: 3, name: heading, exact: true });
  await expect(h).toBeVisible();
  await expect(h).toBeFocused();
}

export const PAGE_HEADINGS = {
  start: 'How do you want to add the adoption?',
  search: 'Find the material',
  productDetail: 'Propose a custom title',
  questions: 'About this adoption',
  selectMaterial: 'Choose the sections',
  addFromPrevious: 'Reuse a previous adoption',
  noMaterials: 'No text required',
  confirmNew: 'Link the proposed title',
} as const;

/** "Add adoption" on the course page: the wizard opens on its start page. */
export async function startAdoption(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add adoption', exact: true }).click();
  const dialog = wizardDialog(page);
  await expectWizardPage(dialog, PAGE_HEADINGS.start);
  await expect(page).toHaveURL(/[?&]adopt=new(&|$)/);
  return dialog;
}

/** One of the start page's three choices, by its title. */
export function startChoice(dialog: Locator, title: string): Locator {
  return dialog.getByRole('button', { name: new RegExp(`^${title}`) });
}

/** Searches on the search page and waits for the results (or for "No materials match"). */
export async function searchFor(dialog: Locator, text: string): Promise<Locator> {
  await dialog.getByRole('searchbox', { name: 'ISBN, title or author' }).fill(text);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  const results = dialog.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('status')).toHaveText(/Choose one\.$|^No materials match/);
  return results;
}

/** The search result with this ISBN (a result is a button: title, author, …, ISBN, source). */
export function resultWithIsbn(results: Locator, formattedEan13: string): Locator {
  return results.getByRole('button').filter({ hasText: `ISBN ${formattedEan13}` });
}

/** A Yes/No question of the wizard (two radios in a group named by the question). */
export function answer(dialog: Locator, question: string, value: 'Yes' | 'No'): Locator {
  return dialog.getByRole('radiogroup', { name: question }).getByRole('radio', { name: value });
}

export function sectionBox(dialog: Locator, section: AdoptionSection): Locator {
  return dialog.getByRole('checkbox', { name: sectionLabel(section), exact: true });
}

/** An adoption's card on the course page, by the material it adopts. */
export function adoptionCard(page: Page, description: string): Locator {
  return page.getByRole('article', { name: description, exact: true });
}

/** The server's record of one adoption of the course (active ones). */
export async function adoptionById(
  session: SessionResponse,
  course: CourseDTO,
  adoptionMaterialId: number,
): Promise<AdoptionMaterialDTO | undefined> {
  const { adoptionMaterials } = await api<{ adoptionMaterials: AdoptionMaterialDTO[] }>(
    session,
    getAdoptionMaterials,
    courseParams(course),
  );
  return adoptionMaterials.find((a) => a.adoptionMaterialId === adoptionMaterialId);
}

/** "MM/DD/YYYY", as the app shows days (docs/behaviour/constants.md). */
export const displayDate = (day: string) =>
  `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
