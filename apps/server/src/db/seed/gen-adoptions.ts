import { ADOPTION_TYPE } from '@csp/contracts';
import { type adoptionMaterialSections, adoptionMaterials } from '../schema/index.ts';
import type { CatalogData, SectionInfo } from './catalog-data.ts';
import type { TitleData } from './gen-titles.ts';
import { instant, isoDay } from './dates.ts';
import type { Rng } from './prng.ts';
import { rngFor, type GenContext } from './store-plan.ts';

export interface AdoptionData {
  adoptionMaterials: (typeof adoptionMaterials.$inferInsert)[];
  adoptionMaterialSections: (typeof adoptionMaterialSections.$inferInsert)[];
  /** Titles adopted per course id, so orders buy what courses actually use. */
  adoptedTitlesByCourse: Map<number, number[]>;
  /**
   * Titles adopted on each section (active, linked, not removed): the section's required
   * materials, so featured students can be enrolled where there is something left to order.
   */
  sectionTitles: Map<number, { titleId: number; required: boolean }[]>;
}

type Kind = 'section' | 'auto' | 'ntr' | 'proposed' | 'history';

const KINDS: readonly (readonly [Kind, number])[] = [
  ['section', 45],
  ['auto', 20],
  ['ntr', 12],
  ['proposed', 8],
  ['history', 15],
];

const NOTES = [
  'Students may use the previous edition.',
  'Bundle with the lab notebook, please.',
  'Instructor will provide supplementary readings.',
];

/** Adoptions of every kind the UI distinguishes, with their section links. */
export function generateAdoptions(
  ctx: GenContext,
  catalog: CatalogData,
  titleData: TitleData,
): AdoptionData {
  const { plan } = ctx;
  const rng = rngFor(plan, 4);
  const data: AdoptionData = {
    adoptionMaterials: [],
    adoptionMaterialSections: [],
    adoptedTitlesByCourse: new Map(),
    sectionTitles: new Map(),
  };
  const sectionsByCourse = new Map<number, SectionInfo[]>();
  for (const s of catalog.sectionInfo) {
    const list = sectionsByCourse.get(s.courseId) ?? [];
    list.push(s);
    sectionsByCourse.set(s.courseId, list);
  }
  const firstInDepartment = new Set<number>();
  let proposedCursor = 0;

  for (const course of catalog.courses) {
    const courseId = course.id as number;
    if (!rng.chance(plan.adoptedCourseShare)) continue;
    const departmentIndex = catalog.courseDepartment.get(courseId) ?? 0;
    const courseSections = sectionsByCourse.get(courseId) ?? [];
    const open = courseSections.filter((s) => s.kind !== 'past');
    const past = courseSections.filter((s) => s.kind === 'past');
    const count = rng.weighted([
      [1, 65],
      [2, 25],
      [3, 10],
    ]);
    for (let n = 0; n < count; n++) {
      let kind = rng.weighted(KINDS);
      // A no-text-required adoption stands alone: sections with NTR take no other material.
      if (kind === 'ntr' && n > 0) kind = 'section';
      if (kind === 'history' && past.length === 0) kind = 'auto';
      if (kind === 'proposed' && titleData.proposedTitleIds.length === 0) kind = 'auto';
      // Proposed titles come both as auto adoptions and on sections (both can be converted).
      const autoLike = kind === 'auto' || (kind === 'proposed' && rng.chance(0.5));
      const linked = kind === 'history' ? past : autoLike ? [] : open.length > 0 ? open : past;
      const chosen = linked.length > 0 ? rng.sample(linked, rng.int(1, linked.length)) : [];
      // Every department's first adoption needs a response, so each scope shows one.
      const needsResponse = !firstInDepartment.has(departmentIndex);
      firstInDepartment.add(departmentIndex);
      const divisionIndex = catalog.departmentInfo[departmentIndex]?.divisionIndex ?? 0;
      addAdoption(ctx, rng, data, {
        courseId,
        department: departmentOf(catalog, departmentIndex),
        kind,
        sections: chosen,
        titleId:
          kind === 'ntr' || kind === 'proposed' ? null : pickTitle(rng, titleData, departmentIndex),
        proposedTitleId:
          kind === 'proposed'
            ? (titleData.proposedTitleIds[proposedCursor++ % titleData.proposedTitleIds.length] ??
              null)
            : null,
        needsResponse,
        currentStartDay: catalog.termsByDivision[divisionIndex]?.current.startDay ?? ctx.todayDay,
        titleData,
      });
      if (kind === 'ntr') break;
    }
  }
  return data;
}

function pickTitle(rng: Rng, titleData: TitleData, departmentIndex: number): number | null {
  const pool = titleData.titlesByDepartment[departmentIndex] ?? [];
  return pool.length > 0 ? rng.pick(pool) : null;
}

/** A creator who may work on the course: its department's own, or a store-wide one. */
function pickCreator(
  rng: Rng,
  plan: GenContext['plan'],
  department: { divisionIndex: number; code: string } | undefined,
): number | null {
  const own = plan.departmentCreators?.find(
    (d) => d.divisionIndex === department?.divisionIndex && d.departmentCode === department?.code,
  );
  const pool = [...(own?.accountIds ?? []), ...plan.adoptionCreatorIds];
  return pool.length > 0 ? rng.pick(pool) : null;
}

interface AdoptionSpec {
  courseId: number;
  department: { divisionIndex: number; code: string } | undefined;
  kind: Kind;
  sections: SectionInfo[];
  titleId: number | null;
  proposedTitleId: number | null;
  needsResponse: boolean;
  currentStartDay: number;
  titleData: TitleData;
}

function addAdoption(ctx: GenContext, rng: Rng, data: AdoptionData, spec: AdoptionSpec): void {
  const { plan, ids, todayDay } = ctx;
  const id = ids.next(adoptionMaterials);
  const auto = spec.sections.length === 0;
  const startDay = auto ? spec.currentStartDay : Math.min(...spec.sections.map((s) => s.startDay));
  const endDay = auto ? null : Math.max(...spec.sections.map((s) => s.endDay));
  const active = spec.needsResponse || rng.chance(0.95);
  const createdDay = Math.min(todayDay - 1, startDay - rng.int(20, 90));
  const ia = spec.titleId !== null && rng.chance(0.08);
  // Drawn before the row but in the row's order of draws, so the generated data stays the same.
  const required = rng.chance(0.85);
  data.adoptionMaterials.push({
    id,
    locationId: plan.locationId,
    courseId: spec.courseId,
    titleId: spec.titleId,
    proposedTitleId: spec.proposedTitleId,
    adoptionType: auto ? ADOPTION_TYPE.AUTO : ADOPTION_TYPE.SECTION,
    active,
    startDate: isoDay(startDay),
    expirationDate: endDay === null ? null : isoDay(endDay),
    required,
    bindInComponentRequired: rng.chance(0.05),
    printOnlyRequired: rng.chance(0.05),
    estimatedSectionEnrollment: auto ? null : rng.int(12, 150),
    externalAdoptionNote: rng.chance(0.1) ? rng.pick(NOTES) : '',
    flexibleOnEdition: rng.chance(0.25),
    ia,
    iapublisher:
      ia && spec.titleId !== null
        ? (spec.titleData.titlePublisher.get(spec.titleId) ?? null)
        : null,
    noTextRequired: spec.kind === 'ntr',
    removal: !active && rng.chance(0.5),
    catalogListingStatus: rng.weighted([
      ['LISTED', 80],
      ['PENDING', 15],
      ['NOT_LISTED', 5],
    ]),
    messagingStatus: spec.needsResponse
      ? 'RESPONSE_REQUIRED'
      : rng.weighted([
          ['NONE', 89],
          ['RESPONSE_REQUIRED', 5],
          ['RESPONDED', 6],
        ]),
    createdBy: pickCreator(rng, plan, spec.department),
    createdAt: instant(createdDay, rng.int(8, 18)),
    updatedAt: instant(Math.min(todayDay - 1, createdDay + rng.int(0, 30)), rng.int(8, 18)),
  });
  for (const section of spec.sections) {
    const removed = rng.chance(0.04);
    data.adoptionMaterialSections.push({ adoptionMaterialId: id, sectionId: section.id, removed });
    if (spec.titleId !== null && active && !removed) {
      const list = data.sectionTitles.get(section.id) ?? [];
      list.push({ titleId: spec.titleId, required });
      data.sectionTitles.set(section.id, list);
    }
  }
  if (spec.titleId !== null && active) {
    const list = data.adoptedTitlesByCourse.get(spec.courseId) ?? [];
    list.push(spec.titleId);
    data.adoptedTitlesByCourse.set(spec.courseId, list);
  }
}

function departmentOf(
  catalog: CatalogData,
  departmentIndex: number,
): { divisionIndex: number; code: string } | undefined {
  const info = catalog.departmentInfo[departmentIndex];
  return info ? { divisionIndex: info.divisionIndex, code: info.def.code } : undefined;
}
