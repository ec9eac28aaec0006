import { sql } from 'drizzle-orm';
import type { IaModel } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaAdoptionsOfSection } from './ia-material-sql.ts';

export interface StoredProgram {
  id: number;
  model: IaModel;
  /** Price in cents by adoption id. */
  prices: Map<number, number>;
  hasChargeLines: boolean;
}

/**
 * The section's program, or null. With `lock`, the section is locked first until the
 * transaction ends (two saves of one section run in turn, and the first program is made once);
 * the program is read by later statements, which see what a save that held the lock committed.
 */
export async function readProgram(
  db: Db,
  sectionId: number,
  lock = false,
): Promise<StoredProgram | null> {
  if (lock) await db.execute(sql`select 1 from sections where id = ${sectionId} for update`);
  const [program] = await queryRows<{ id: number; model: IaModel; charged: boolean }>(
    db,
    sql`select pr.id, pr.model, exists (
        select 1 from ia_charge_lines l join ia_participants p on p.id = l.participant_id
        where p.program_id = pr.id) as charged
      from ia_programs pr where pr.section_id = ${sectionId}`,
  );
  if (!program) return null;
  const materials = await queryRows<{ adoption_material_id: number; price_cents: number }>(
    db,
    sql`select adoption_material_id, price_cents from ia_program_materials
      where program_id = ${program.id}`,
  );
  return {
    id: Number(program.id),
    model: program.model,
    prices: new Map(materials.map((m) => [Number(m.adoption_material_id), m.price_cents])),
    hasChargeLines: program.charged,
  };
}

/**
 * Locks the term as a charge run does (charges/charge-run.ts): a section leaving the program
 * waits for a run under way, then sees its lines, so a leave never takes lines made meanwhile
 * (the participants' cascade would delete them from a file already numbered).
 */
export async function lockTermAgainstCharges(db: Db, termId: number): Promise<void> {
  await db.execute(sql`select 1 from terms where id = ${termId} for no key update`);
}

/** The ids of the section's covering inclusive-access adoptions. */
export async function iaAdoptionIds(
  db: Db,
  locationId: number,
  sectionId: number,
): Promise<Set<number>> {
  const rows = await queryRows<{ adoption_material_id: number }>(
    db,
    iaAdoptionsOfSection(locationId, sectionId),
  );
  return new Set(rows.map((r) => Number(r.adoption_material_id)));
}

/**
 * Puts the section in the program: its enrolled students become participants (the migration's
 * trigger), whose first change names the staff member who did it.
 */
export async function createProgram(
  db: Db,
  p: { locationId: number; sectionId: number; termId: number; model: IaModel; actor: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into ia_programs (location_id, section_id, term_id, model, updated_by)
      values (${p.locationId}, ${p.sectionId}, ${p.termId}, ${p.model}, ${p.actor})
      returning id`,
  );
  const id = Number(row!.id);
  await db.execute(
    sql`update ia_participant_changes c set actor_account_id = ${p.actor}
      from ia_participants p
      where p.id = c.participant_id and p.program_id = ${id} and c.source = 'PROGRAM'
        and c.actor_account_id is null`,
  );
  return id;
}

export async function setProgramModel(
  db: Db,
  programId: number,
  model: IaModel,
  actor: number,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`update ia_programs set model = ${model}, updated_by = ${actor}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${programId}`,
  );
}

/** Makes the program's materials exactly `prices`, writing only what differs. */
export async function writeProgramMaterials(
  db: Db,
  p: { locationId: number; programId: number; actor: number; now: Date },
  before: Map<number, number>,
  prices: Map<number, number>,
): Promise<void> {
  const gone = [...before.keys()].filter((id) => !prices.has(id));
  if (gone.length > 0) {
    await db.execute(
      sql`delete from ia_program_materials where program_id = ${p.programId}
        and adoption_material_id in ${gone}`,
    );
  }
  for (const [adoptionMaterialId, priceCents] of prices) {
    if (before.get(adoptionMaterialId) === priceCents) continue;
    await db.execute(
      sql`insert into ia_program_materials
          (location_id, program_id, adoption_material_id, price_cents, updated_by, updated_at)
        values (${p.locationId}, ${p.programId}, ${adoptionMaterialId}, ${priceCents},
          ${p.actor}, ${p.now.toISOString()}::timestamptz)
        on conflict (program_id, adoption_material_id) do update
          set price_cents = excluded.price_cents, updated_by = excluded.updated_by,
            updated_at = excluded.updated_at`,
    );
  }
}

/** Takes the section out of the program (its participants and their history go with it). */
export async function deleteProgram(db: Db, programId: number): Promise<void> {
  await db.execute(sql`delete from ia_programs where id = ${programId}`);
}
