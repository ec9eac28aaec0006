import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { queryRows } from '../bulk-write.ts';

/** One section in this many of the terms in progress is in the program. */
const PROGRAM_EVERY_NTH_SECTION = 20;
/** One participant in this many has opted out. */
const OPTED_OUT_EVERY_NTH = 9;

/**
 * Inclusive access on the large store (issue 32), so the benchmarks measure its lists as a store
 * running it sees them: in every term in progress on `today`, one section in twenty adopts an
 * inclusive-access material (one of the store's titles, chosen as that kind) with a per-student
 * price, and is in the program; the database's triggers then take the sections' enrolled
 * students in as participants (migration 0040), and one in nine of them has opted out. The
 * terms' opt-out deadline is two weeks after their start and the refund window two more.
 * Runs after the seed's transaction: that transaction switches triggers off, and the
 * participants are the triggers' to keep.
 */
export async function seedLargeInclusiveAccess(
  db: Db,
  locationId: number,
  today: Date,
): Promise<{ programs: number; participants: number }> {
  const day = today.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    await tx.execute(sql`update terms set ia_opt_out_deadline = start_date + 14,
        ia_refund_until = least(start_date + 28, end_date)
      where location_id = ${locationId} and start_date <= ${day}::date and end_date >= ${day}::date`);
    await tx.execute(sql`
      with numbered as (
        select s.id as section_id, s.course_id, s.term_id, t.start_date,
          row_number() over (partition by s.term_id order by s.id) as n
        from sections s join terms t on t.id = s.term_id
        where s.location_id = ${locationId} and t.ia_opt_out_deadline is not null
      ), chosen as (
        -- The first section of each term and every twentieth after it: some even at a tiny scale.
        select section_id, course_id, term_id, start_date,
          (select min(ti.id) from titles ti where ti.location_id = ${locationId}) as title_id
        from numbered where n % ${PROGRAM_EVERY_NTH_SECTION} = 1
      ), adopted as (
        insert into adoption_materials (location_id, course_id, title_id, adoption_type,
          start_date, material_kind, ia, iapublisher, source, import_key)
        select ${locationId}, course_id, title_id, 'SECTION_ADOPTION', start_date,
          'INCLUSIVE_ACCESS', true, 'Pearson', 'IMPORT', 'large-ia-' || section_id
        from chosen
        returning id, course_id, import_key
      ), linked as (
        insert into adoption_material_sections (adoption_material_id, section_id)
        select a.id, c.section_id from adopted a
        join chosen c on a.import_key = 'large-ia-' || c.section_id
        returning adoption_material_id, section_id
      )
      select count(*) from linked`);
    await tx.execute(sql`insert into ia_programs (location_id, section_id, term_id)
      select ${locationId}, ams.section_id, s.term_id
      from adoption_materials am
      join adoption_material_sections ams on ams.adoption_material_id = am.id
      join sections s on s.id = ams.section_id
      where am.location_id = ${locationId} and am.import_key like 'large-ia-%'`);
    await tx.execute(sql`insert into ia_program_materials (location_id, program_id,
        adoption_material_id, price_cents)
      select ${locationId}, p.id, am.id, 4999 + (p.id % 5) * 1000
      from ia_programs p
      join adoption_materials am on am.import_key = 'large-ia-' || p.section_id
      where p.location_id = ${locationId}`);
    await tx.execute(sql`update ia_participants set choice = 'OUT'
      where location_id = ${locationId} and id % ${OPTED_OUT_EVERY_NTH} = 0`);
    const [counts] = await queryRows<{ programs: number; participants: number }>(
      tx,
      sql`select (select count(*)::int from ia_programs where location_id = ${locationId}) as programs,
        (select count(*)::int from ia_participants where location_id = ${locationId}) as participants`,
    );
    return counts ?? { programs: 0, participants: 0 };
  });
}
