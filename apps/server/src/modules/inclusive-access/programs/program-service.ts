import {
  IA_MESSAGES,
  IA_PROGRAM_MESSAGES as M,
  type IaProgramBody,
  type IaProgramEditor,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import type { IaReach } from './program-access.ts';
import { findSectionInReach, listEditorMaterials, programFigures } from './program-repository.ts';
import * as writes from './program-writes.ts';
import { auditIaChange, findIaTerm } from './term-repository.ts';

interface Caller {
  locationId: number;
  accountId: number;
}

/** The section inside the caller's reach, else 404 naming sectionId (another store's alike). */
async function reachSection(db: Db, locationId: number, reach: IaReach, sectionId: number) {
  const section = await findSectionInReach(db, locationId, reach, sectionId);
  if (!section) throw AppError.notFound(IA_MESSAGES.sectionNotFound, 'sectionId');
  return section;
}

/** The section's program as the editor shows it. */
export async function programEditor(
  db: Db,
  locationId: number,
  reach: IaReach,
  sectionId: number,
  now: Date,
): Promise<IaProgramEditor> {
  const section = await reachSection(db, locationId, reach, sectionId);
  const term = await findIaTerm(db, locationId, reach, isoDay(now), section.termId);
  if (!term) throw AppError.notFound(IA_MESSAGES.sectionNotFound, 'sectionId');
  const program = await writes.readProgram(db, sectionId);
  const materials = await listEditorMaterials(db, locationId, sectionId);
  return {
    sectionId,
    label: section.label,
    term,
    inProgram: program !== null,
    model: program?.model ?? 'OPT_OUT',
    hasChargeLines: program?.hasChargeLines ?? false,
    materials: materials.map((m) => ({
      adoptionMaterialId: Number(m.adoption_material_id),
      titleName: m.title_name,
      author: m.author,
      isbn: m.isbn,
      required: m.required,
      suggestedPriceCents: m.suggested_price_cents,
      priceCents: m.price_cents,
    })),
    ...(await programFigures(db, sectionId)),
  };
}

/** 400 naming the entry when an adoption is listed twice. */
function refuseDuplicates(body: IaProgramBody): void {
  const seen = new Set<number>();
  body.materials.forEach((m, i) => {
    if (seen.has(m.adoptionMaterialId)) {
      throw AppError.badRequest(
        `materials.${i}.adoptionMaterialId: ${M.duplicateMaterial}`,
        `materials.${i}.adoptionMaterialId`,
      );
    }
    seen.add(m.adoptionMaterialId);
  });
}

/**
 * After the deadline the students in have no way out, so what they are charged may only go
 * down: 409 naming the entry that adds a material or raises a price (a price lowered or a
 * material left out is fine; lines already made keep their amounts).
 */
function refuseRaisesAfterDeadline(before: Map<number, number>, body: IaProgramBody): void {
  body.materials.forEach((m, i) => {
    const was = before.get(m.adoptionMaterialId);
    if (was === undefined) {
      const field = `materials.${i}.adoptionMaterialId`;
      throw AppError.conflict(`${field}: ${M.materialAfterDeadline}`, field);
    }
    if (m.priceCents > was) {
      const field = `materials.${i}.priceCents`;
      throw AppError.conflict(`${field}: ${M.raiseAfterDeadline}`, field);
    }
  });
}

/**
 * Saves the section's program (docs: packages/contracts/src/inclusive-access/programs.ts), in
 * one transaction under the section's lock; what is already so writes and audits nothing, so a
 * double submit or a retry changes nothing. Refused: a material that is not an inclusive-access
 * adoption covering the section (400 naming it), a new program, another model, a new material
 * or a higher price after the term's deadline, and leaving the program once it has charges (409).
 */
export async function saveProgram(
  db: Db,
  caller: Caller,
  reach: IaReach,
  sectionId: number,
  body: IaProgramBody,
  now: Date,
): Promise<void> {
  const { locationId, accountId } = caller;
  const section = await reachSection(db, locationId, reach, sectionId);
  const term = await findIaTerm(db, locationId, reach, isoDay(now), section.termId);
  if (!term) throw AppError.notFound(IA_MESSAGES.sectionNotFound, 'sectionId');
  refuseDuplicates(body);
  const prices = new Map(body.materials.map((m) => [m.adoptionMaterialId, m.priceCents]));

  await db.transaction(async (tx) => {
    if (prices.size === 0) await writes.lockTermAgainstCharges(tx, section.termId);
    const program = await writes.readProgram(tx, sectionId, true);
    const allowed = await writes.iaAdoptionIds(tx, locationId, sectionId);
    body.materials.forEach((m, i) => {
      if (!allowed.has(m.adoptionMaterialId)) {
        const field = `materials.${i}.adoptionMaterialId`;
        throw AppError.badRequest(`${field}: ${M.notIaMaterial}`, field);
      }
    });
    const stored = (p: writes.StoredProgram) => ({
      sectionId,
      model: p.model,
      materials: Object.fromEntries(p.prices),
    });
    const after = { sectionId, model: body.model, materials: Object.fromEntries(prices) };
    const auditIn = (event: string, before: unknown) =>
      auditIaChange(tx, { locationId, actorAccountId: accountId, event, before, after, at: now });

    if (prices.size === 0) {
      if (!program) return;
      if (program.hasChargeLines) throw AppError.conflict(M.hasCharges, 'materials');
      await writes.deleteProgram(tx, program.id);
      await auditIaChange(tx, {
        locationId,
        actorAccountId: accountId,
        event: 'IA_PROGRAM_REMOVED',
        before: stored(program),
        after: null,
        at: now,
      });
      return;
    }
    const meta = { locationId, actor: accountId, now };
    if (!program) {
      if (term.deadlinePassed) throw AppError.conflict(M.newAfterDeadline, 'materials');
      const id = await writes.createProgram(tx, {
        locationId,
        sectionId,
        termId: section.termId,
        model: body.model,
        actor: accountId,
      });
      await writes.writeProgramMaterials(tx, { ...meta, programId: id }, new Map(), prices);
      await auditIn('IA_PROGRAM_ADDED', null);
      return;
    }
    const modelChanged = program.model !== body.model;
    const materialsChanged =
      program.prices.size !== prices.size ||
      [...prices].some(([id, cents]) => program.prices.get(id) !== cents);
    if (!modelChanged && !materialsChanged) return;
    if (modelChanged) {
      if (term.deadlinePassed) throw AppError.conflict(IA_MESSAGES.deadlinePassed, 'model');
      await writes.setProgramModel(tx, program.id, body.model, accountId, now);
    }
    const ids = { ...meta, programId: program.id };
    if (materialsChanged && term.deadlinePassed) refuseRaisesAfterDeadline(program.prices, body);
    if (materialsChanged) await writes.writeProgramMaterials(tx, ids, program.prices, prices);
    await auditIn('IA_PROGRAM_CHANGED', stored(program));
  });
}
