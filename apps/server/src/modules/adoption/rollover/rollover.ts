import {
  ROLLOVER_MESSAGES as M,
  type MaterialChange,
  type RolloverMaterial,
  type RolloverPreview,
  type RolloverSection,
  type RolloverSectionState,
  type RolloverTerm,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enrollmentChange, titleChanges } from '../material-changes/material-changes.ts';
import { formatEan13 } from '../wizard/titles.ts';
import {
  alreadyCarried,
  departmentInDivision,
  findDivision,
  findTerm,
  latestOfSeason,
  pairSections,
  sourceAdoptions,
  type PairRow,
  type RolloverScope,
  type SourceAdoptionRow,
} from './rollover-repository.ts';

const bool = (v: unknown) => v === true || v === 't';
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** What the caller asked about: the division, perhaps a department, the terms. */
export interface RolloverInput {
  divisionId: number;
  departmentId?: number | undefined;
  targetTermId: number;
  sourceTermId?: number | undefined;
}

/** A rollover's checked scope and terms; `source` null when no earlier term of the season. */
export interface ResolvedRollover {
  scope: RolloverScope;
  target: RolloverTerm;
  source: RolloverTerm | null;
}

/** The season of a term: its name's first word ("Fall" of "Fall 2025 - Main Campus"). */
export const seasonOf = (termName: string) => termName.trim().split(/\s+/)[0] ?? '';

/**
 * Checks what the caller named against their campaign divisions (`divisions`, over `dv.id`):
 * the division (404 divisionId), the department of it (404 departmentId), the target term of it
 * (404 targetTermId), the chosen source term of it and starting before the target (400
 * sourceTermId); without a chosen one, the latest earlier term of the target's season.
 */
export async function resolveRollover(
  db: Db,
  locationId: number,
  divisions: SQL,
  input: RolloverInput,
): Promise<ResolvedRollover> {
  const division = await findDivision(db, locationId, input.divisionId, divisions);
  if (!division) throw AppError.notFound(M.divisionNotFound, 'divisionId');
  const { divisionId } = division;
  const departmentId = input.departmentId ?? null;
  if (departmentId !== null && !(await departmentInDivision(db, divisionId, departmentId))) {
    throw AppError.notFound(M.departmentNotFound, 'departmentId');
  }
  const target = await findTerm(db, divisionId, input.targetTermId);
  if (!target) throw AppError.notFound(M.termNotFound, 'targetTermId');
  let source: RolloverTerm | null;
  if (input.sourceTermId !== undefined) {
    source = await findTerm(db, divisionId, input.sourceTermId);
    if (!source || source.startDate >= target.startDate) {
      throw AppError.badRequest(M.sourceNotBefore, 'sourceTermId');
    }
  } else {
    source = await latestOfSeason(db, divisionId, seasonOf(target.termName), target.startDate);
  }
  return { scope: { locationId, divisionId, departmentId }, target, source };
}

/** A carried (or proposed) adoption's material, with what changed for its title. */
export function presentMaterial(
  row: Omit<SourceAdoptionRow, 'sectionId'>,
  changes: Map<number, MaterialChange[]>,
): RolloverMaterial {
  const ntr = bool(row.noTextRequired);
  return {
    adoptionMaterialId: Number(row.adoptionMaterialId),
    title: ntr ? 'No text required' : (row.title ?? ''),
    isbn: row.ean13 === null ? null : formatEan13(row.ean13),
    author: row.author ?? '',
    edition: row.edition ?? '',
    required: bool(row.required),
    noTextRequired: ntr,
    proposed: !ntr && row.titleId === null,
    changes: row.titleId === null ? [] : (changes.get(Number(row.titleId)) ?? []),
  };
}

function stateOf(pair: PairRow, materials: readonly RolloverMaterial[]): RolloverSectionState {
  if (pair.targetSectionId === null) return 'SECTION_GONE';
  if (pair.sourceSectionId === null) return 'NEW_SECTION';
  if (bool(pair.adopted)) return 'ALREADY_ADOPTED';
  return materials.length > 0 ? 'CARRY' : 'NOTHING_TO_CARRY';
}

function sectionChanges(pair: PairRow, source: RolloverTerm): MaterialChange[] {
  if (pair.targetSectionId === null) {
    return [
      { kind: 'SECTION_GONE', message: `Section ${pair.sectionCode} is not in the target term.` },
    ];
  }
  if (pair.sourceSectionId === null) {
    return [
      {
        kind: 'NEW_SECTION',
        message: `Section ${pair.sectionCode} is new: ${source.termName} had no such section.`,
      },
    ];
  }
  const change = enrollmentChange(num(pair.sourceEnrollment) ?? 0, num(pair.targetEnrollment) ?? 0);
  return change ? [change] : [];
}

/** The preview's rows and what an apply would write from them. */
export interface RolloverPlan {
  sections: RolloverSection[];
  /** Per carried earlier adoption, the target sections it would cover and their first start. */
  writes: Map<number, { sectionIds: number[]; startDate: string }>;
  /** Earlier adoptions of CARRY sections already carried to the term: not written again. */
  alreadyCarried: number;
}

/**
 * The sections of both terms matched by course and section code, each with the source
 * section's adoptions (with what changed for their titles, unless `titles` is false: the apply
 * writes none of them, and reads nothing it need not while it holds the courses' locks) and the
 * section's own changes.
 */
export async function planRollover(
  db: Db,
  scope: RolloverScope,
  source: RolloverTerm,
  target: RolloverTerm,
  titles = true,
): Promise<RolloverPlan> {
  const pairs = await pairSections(db, scope, source.termId, target.termId);
  const adoptions = await sourceAdoptions(db, scope, source.termId);
  const titleIds = [
    ...new Set(adoptions.flatMap((a) => (a.titleId === null ? [] : [Number(a.titleId)]))),
  ];
  const changes = titles ? await titleChanges(db, scope.locationId, titleIds) : new Map();
  const bySection = new Map<number, SourceAdoptionRow[]>();
  for (const a of adoptions) {
    const list = bySection.get(Number(a.sectionId)) ?? [];
    list.push(a);
    bySection.set(Number(a.sectionId), list);
  }
  const writes: RolloverPlan['writes'] = new Map();
  const sections = pairs.map((pair): RolloverSection => {
    const carried =
      pair.sourceSectionId === null ? [] : (bySection.get(Number(pair.sourceSectionId)) ?? []);
    const materials = carried.map((a) => presentMaterial(a, changes));
    const state = stateOf(pair, materials);
    if (state === 'CARRY' && pair.targetSectionId !== null) {
      for (const m of materials) {
        const write = writes.get(m.adoptionMaterialId) ?? {
          sectionIds: [],
          startDate: '9999-12-31',
        };
        write.sectionIds.push(Number(pair.targetSectionId));
        if (pair.targetStart !== null && pair.targetStart < write.startDate)
          write.startDate = pair.targetStart;
        writes.set(m.adoptionMaterialId, write);
      }
    }
    return {
      courseId: Number(pair.courseId),
      departmentCode: pair.departmentCode,
      courseCode: pair.courseCode,
      courseName: pair.courseName,
      sectionCode: pair.sectionCode,
      sourceSectionId: num(pair.sourceSectionId),
      targetSectionId: num(pair.targetSectionId),
      state,
      sourceEnrollment: num(pair.sourceEnrollment),
      targetEnrollment: num(pair.targetEnrollment),
      changes: sectionChanges(pair, source),
      materials,
    };
  });
  // One already carried to the term (its proposal since withdrawn, or a section added to the
  // target later) is not carried again (the unique index), so neither counted nor written.
  const carried = await alreadyCarried(db, target.termId, [...writes.keys()]);
  for (const fromId of carried) writes.delete(fromId);
  return { sections, writes, alreadyCarried: carried.size };
}

/** getRolloverPreview's answer from a resolved rollover (no sections without a source term). */
export async function previewRollover(db: Db, r: ResolvedRollover): Promise<RolloverPreview> {
  const plan = r.source ? await planRollover(db, r.scope, r.source, r.target) : null;
  const sections = plan?.sections ?? [];
  const count = (state: RolloverSectionState) => sections.filter((s) => s.state === state).length;
  return {
    targetTerm: r.target,
    sourceTerm: r.source,
    sections,
    totals: {
      toCarry: count('CARRY'),
      alreadyAdopted: count('ALREADY_ADOPTED'),
      nothingToCarry: count('NOTHING_TO_CARRY'),
      sectionGone: count('SECTION_GONE'),
      newSection: count('NEW_SECTION'),
      proposals: plan?.writes.size ?? 0,
    },
  };
}
