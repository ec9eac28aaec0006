import { ADOPTION_TYPE } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { recordset } from './recordset-repository.ts';
import {
  ADOPTION,
  coveredNow,
  insertProposedTitle,
  storedKind,
  type AdoptionWrite,
  type ImportStamp,
} from './adoption-history-repository.ts';

/** The history entry's file and import, with what the adoption came to. */
const importDetails = (stamp: ImportStamp) =>
  sql`jsonb_build_object('file', ${stamp.fileName}::text, 'importId', ${stamp.importId}::int)`;

/** What the history shows of an imported adoption: its answer and its sections by code. */
const shownAs = (required: ReturnType<typeof sql>, sectionIds: ReturnType<typeof sql>) =>
  sql`jsonb_build_object('required', ${required}, 'sectionCodes',
    (select coalesce(jsonb_agg(s.code order by s.code), '[]') from sections s where s.id = any(${sectionIds})))`;

/**
 * Creates the imported adoptions the store lacks (by course and key): each a section adoption
 * of its title (or a new proposed title) on its sections, from when the first of them starts
 * to when the last ends (history reads as the terms it was for), made by its adopter when the
 * file names one the store knows, with an IMPORTED history entry.
 */
export async function createAdoptions(
  db: Db,
  stamp: ImportStamp,
  rows: readonly AdoptionWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  // Books without an ISBN: a proposed title each (rare in a history file: one statement each).
  const proposed = new Map<number, number>();
  for (const r of rows)
    if (r.ean13 === null) proposed.set(r.i, await insertProposedTitle(db, stamp, r));
  const withProposed = rows.map((r) => ({ ...r, proposed_id: proposed.get(r.i) ?? null }));
  const created = await queryRows<{ id: number; i: number }>(
    db,
    sql`with x as (select * from ${recordset(withProposed, `${ADOPTION}, proposed_id int`)}),
      made as (
        insert into adoption_materials (location_id, course_id, title_id, proposed_title_id,
          adoption_type, start_date, expiration_date, required, material_kind, created_by, source,
          import_key, import_id, created_at, updated_at)
        select ${stamp.locationId}, x.course_id, t.id, x.proposed_id, ${ADOPTION_TYPE.SECTION},
          (select min(s.start_date) from sections s where s.id = any(x.section_ids)),
          (select max(s.end_date) from sections s where s.id = any(x.section_ids)),
          x.required, ${storedKind(sql`t.material_kind`)}, x.account_id, 'IMPORT', x.import_key, ${stamp.importId}, ${stamp.at}, ${stamp.at}
        from x left join titles t on t.location_id = ${stamp.locationId} and t.ean13 = x.ean13
        on conflict (course_id, import_key) where import_key is not null do nothing
        returning id, course_id, import_key)
      select made.id, x.i from made join x on x.course_id = made.course_id and x.import_key = made.import_key`,
  );
  if (created.length === 0) return;
  const byIndex = new Map(withProposed.map((r) => [r.i, r]));
  const made = created.map((c) => ({ id: Number(c.id), ...byIndex.get(Number(c.i))! }));
  const linked = 'id int, section_ids int[], required boolean';
  await db.execute(
    sql`insert into adoption_material_sections (adoption_material_id, section_id, removed)
      select x.id, s.id, false from ${recordset(made, linked)} cross join lateral unnest(x.section_ids) as s(id)`,
  );
  await db.execute(
    sql`insert into adoption_activity (location_id, adoption_material_id, actor_account_id, action, at, details)
      select ${stamp.locationId}, x.id, ${stamp.accountId}, 'IMPORTED', ${stamp.at},
        jsonb_build_object('after', ${importDetails(stamp)} || ${shownAs(sql`x.required`, sql`x.section_ids`)})
      from ${recordset(made, linked)}`,
  );
}

/**
 * Brings the imported adoptions that differ from the file back to it: active again, its
 * answer, its adopter (when the file names one the store knows) and exactly its sections (a
 * section taken off since is put back; one the file no longer names is taken off, kept as
 * removed), with an IMPORTED history entry of before and after. Answers the sections it
 * covered before (those it covers now are the rows' own).
 */
export async function updateAdoptions(
  db: Db,
  stamp: ImportStamp,
  rows: readonly AdoptionWrite[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const changed = await queryRows<{
    id: number;
    before_sections: number[];
    section_ids: number[];
    before_required: boolean;
    required: boolean;
  }>(
    db,
    sql`with x as (select * from ${recordset(rows, ADOPTION)}),
      old as (
        select am.id, x.section_ids, x.required, x.account_id, am.required as before_required,
          ${coveredNow} as before_sections,
          -- A file without a kind keeps the adoption's (issue 31).
          case when x.material_kind is null then am.material_kind
            else ${storedKind(sql`t.material_kind`)} end as material_kind
        from x join adoption_materials am on am.course_id = x.course_id and am.import_key = x.import_key
          left join titles t on t.id = am.title_id
        for update of am)
      update adoption_materials am set active = true, required = old.required,
        material_kind = old.material_kind,
        created_by = coalesce(old.account_id, am.created_by), import_id = ${stamp.importId},
        updated_at = ${stamp.at}
      from old where am.id = old.id
      returning am.id, old.before_sections, old.section_ids, old.before_required, old.required`,
  );
  if (changed.length === 0) return [];
  const links = changed.map((c) => ({
    id: Number(c.id),
    section_ids: `{${c.section_ids.join(',')}}`,
  }));
  await db.execute(
    sql`insert into adoption_material_sections (adoption_material_id, section_id, removed)
      select x.id, s.id, false from ${recordset(links, 'id int, section_ids int[]')}
        cross join lateral unnest(x.section_ids) as s(id)
      on conflict (adoption_material_id, section_id) do update set removed = false`,
  );
  await db.execute(
    sql`update adoption_material_sections ams set removed = true
      from ${recordset(links, 'id int, section_ids int[]')}
      where ams.adoption_material_id = x.id and not ams.removed and not (ams.section_id = any(x.section_ids))`,
  );
  const entries = changed.map((c) => ({
    id: Number(c.id),
    before_sections: `{${c.before_sections.join(',')}}`,
    section_ids: `{${c.section_ids.join(',')}}`,
    before_required: c.before_required,
    required: c.required,
  }));
  await db.execute(
    sql`insert into adoption_activity (location_id, adoption_material_id, actor_account_id, action, at, details)
      select ${stamp.locationId}, x.id, ${stamp.accountId}, 'IMPORTED', ${stamp.at},
        jsonb_build_object('before', ${shownAs(sql`x.before_required`, sql`x.before_sections`)},
          'after', ${importDetails(stamp)} || ${shownAs(sql`x.required`, sql`x.section_ids`)})
      from ${recordset(entries, 'id int, before_sections int[], section_ids int[], before_required boolean, required boolean')}`,
  );
  return changed.flatMap((c) => c.before_sections.map(Number));
}
