import { ADOPTION_TYPE } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { classify, recordset, type Classified } from './recordset-repository.ts';

/** A course of an adoption history row, by its division, term, department and course codes. */
export interface CourseKey {
  k: string;
  division_id: number;
  term_id: number;
  dept: string;
  course: string;
}

/** A course the store has, with its sections in the term (none: it has none that term). */
export interface FoundCourse {
  k: string;
  courseId: number | null;
  sections: { id: number; code: string }[];
}

/** The courses of these keys and their sections in each key's term. */
export async function findCoursesInTerms(
  db: Db,
  keys: readonly CourseKey[],
): Promise<FoundCourse[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{
    k: string;
    course_id: number | null;
    sections: FoundCourse['sections'] | null;
  }>(
    db,
    sql`select x.k, c.id as course_id,
        (select json_agg(json_build_object('id', s.id, 'code', s.code) order by s.code)
          from sections s where s.course_id = c.id and s.term_id = x.term_id) as sections
      from ${recordset(keys, 'k text, division_id int, term_id int, dept text, course text')}
      left join departments d on d.division_id = x.division_id and d.code = x.dept
      left join courses c on c.department_id = d.id and c.code = x.course`,
  );
  return rows.map((r) => ({
    k: r.k,
    courseId: r.course_id === null ? null : Number(r.course_id),
    sections: (r.sections ?? []).map((s) => ({ ...s, id: Number(s.id) })),
  }));
}

/** Which ISBN-13s the store's catalog has (`title_id`) and which the distributor's has. */
export async function findBooks(
  db: Db,
  locationId: number,
  ean13s: readonly string[],
): Promise<{ ean13: string; titleId: number | null; distributor: boolean }[]> {
  if (ean13s.length === 0) return [];
  const rows = await queryRows<{ ean13: string; title_id: number | null; distributor: boolean }>(
    db,
    sql`select x.ean13, t.id as title_id, e.id is not null as distributor
      from ${recordset(
        ean13s.map((ean13) => ({ ean13 })),
        'ean13 text',
      )}
      left join titles t on t.location_id = ${locationId} and t.ean13 = x.ean13
      left join external_products e on e.ean13 = x.ean13`,
  );
  return rows.map((r) => ({
    ean13: r.ean13,
    titleId: r.title_id === null ? null : Number(r.title_id),
    distributor: r.distributor === true,
  }));
}

/** The store's accounts of these e-mail addresses (matched as sign-in names, ignoring case). */
export async function findAccounts(
  db: Db,
  locationId: number,
  emails: readonly string[],
): Promise<{ email: string; id: number }[]> {
  if (emails.length === 0) return [];
  const rows = await queryRows<{ email: string; id: number }>(
    db,
    sql`select x.email, a.id from ${recordset(
      emails.map((email) => ({ email })),
      'email text',
    )}
      join user_accounts a on a.location_id = ${locationId} and lower(a.user_name) = lower(x.email)`,
  );
  return rows.map((r) => ({ email: r.email, id: Number(r.id) }));
}

/**
 * The sections (of `course_id`, among `section_ids`) where the portal already has an active
 * adoption of the title, course-wide or on the section: the wizard's duplicate rule
 * ('Adoption already exists for this title.'), which an import keeps too.
 */
export async function portalAdoptedSections(
  db: Db,
  rows: readonly { k: string; course_id: number; title_id: number; section_ids: string }[],
): Promise<{ k: string; sectionId: number }[]> {
  if (rows.length === 0) return [];
  const found = await queryRows<{ k: string; section_id: number }>(
    db,
    sql`select distinct x.k, s.id as section_id
      from ${recordset(rows, 'k text, course_id int, title_id int, section_ids int[]')}
      cross join lateral unnest(x.section_ids) as s(id)
      join adoption_materials am on am.course_id = x.course_id and am.title_id = x.title_id
        and am.active and am.source = 'PORTAL'
      where am.adoption_type = ${ADOPTION_TYPE.AUTO}
        or exists (select 1 from adoption_material_sections ams
          where ams.adoption_material_id = am.id and ams.section_id = s.id and not ams.removed)`,
  );
  return found.map((r) => ({ k: r.k, sectionId: Number(r.section_id) }));
}

/** One imported adoption of a chunk: its course, key, material and the sections it covers. */
export interface AdoptionWrite {
  i: number;
  course_id: number;
  import_key: string;
  ean13: string | null;
  title: string | null;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  required: boolean;
  /** The file's kind (issue 31); null: the title's own, or (on update) what is stored. */
  material_kind: string | null;
  account_id: number | null;
  /** A PostgreSQL array literal, `{1,2}`, ordered. */
  section_ids: string;
}
/** The record type of AdoptionWrite rows in a recordset. */
export const ADOPTION =
  'i int, course_id int, import_key text, ean13 text, title text, author text, edition text, publisher text, required boolean, material_kind text, account_id int, section_ids int[]';

/**
 * The kind an adoption stores for the file's (issue 31): null when it is its title's own (a
 * proposed title's is bought print), so the adoption follows a later change of the title.
 */
export const storedKind = (title: ReturnType<typeof sql>) =>
  sql`nullif(x.material_kind, coalesce(${title}, 'COMMERCIAL_PRINT'))`;

/** The sections the adoption `am` covers now (not removed from), ordered, as an int[]. */
export const coveredNow = sql`(select coalesce(array_agg(ams.section_id order by ams.section_id), '{}')
    from adoption_material_sections ams where ams.adoption_material_id = am.id and not ams.removed)`;

/** Whether each imported adoption is in the store (by course and key) and differs from the file. */
export function classifyAdoptions(db: Db, rows: readonly AdoptionWrite[]): Promise<Classified[]> {
  return classify(
    db,
    rows,
    () =>
      sql`select x.i, am.id is not null as exists,
        am.id is not null and (not am.active or am.required is distinct from x.required
          or am.created_by is distinct from coalesce(x.account_id, am.created_by)
          or ${coveredNow} is distinct from x.section_ids
          or (x.material_kind is not null
            and am.material_kind is distinct from ${storedKind(sql`t.material_kind`)})) as differs
      from ${recordset(rows, ADOPTION)}
      left join adoption_materials am on am.course_id = x.course_id and am.import_key = x.import_key
      left join titles t on t.id = am.title_id`,
  );
}

/** Locks the courses for the rest of the transaction, in id order (ADR 0012). */
export async function lockCourses(db: Db, courseIds: readonly number[]): Promise<void> {
  if (courseIds.length === 0) return;
  const ids = `{${[...new Set(courseIds)].sort((a, b) => a - b).join(',')}}`;
  await db.execute(
    sql`select id from courses where id = any(${ids}::int[]) order by id for update`,
  );
}

/**
 * The books the rows name by ISBN that the store's catalog lacks: copied from the distributor's
 * catalog (as the wizard's createTitle does), else made from the file's own description.
 */
export async function addMissingTitles(db: Db, locationId: number, rows: readonly AdoptionWrite[]) {
  const books = rows.filter((r) => r.ean13 !== null);
  if (books.length === 0) return;
  await db.execute(
    sql`insert into titles (location_id, ean13, isbn10, digital_isbn, description, author, edition,
        publisher, publish_date, product_code, book_image_url, list_price_cents, material_kind,
        licence, access_url, used_price_cents, rental_price_cents, digital_price_cents)
      select distinct on (e.ean13) ${locationId}, e.ean13, e.isbn10, e.digital_isbn, e.description,
        e.author, e.edition, e.publisher, e.publish_date, e.product_code, e.book_image_url,
        e.list_price_cents, e.material_kind, e.licence, e.access_url, e.used_price_cents,
        e.rental_price_cents, e.digital_price_cents
      from ${recordset(books, ADOPTION)} join external_products e on e.ean13 = x.ean13
      on conflict (location_id, ean13) do nothing`,
  );
  await db.execute(
    sql`insert into titles (location_id, ean13, description, author, edition, publisher)
      select distinct on (x.ean13) ${locationId}, x.ean13, x.title, coalesce(x.author, ''),
        coalesce(x.edition, ''), coalesce(x.publisher, '')
      from ${recordset(books, ADOPTION)} where x.title is not null
      on conflict (location_id, ean13) do nothing`,
  );
}

/** Who wrote an import's adoptions, when, and from which import and file. */
export interface ImportStamp {
  locationId: number;
  importId: number;
  fileName: string;
  accountId: number;
  at: Date;
}

/** A proposed title for an imported adoption of a book without an ISBN; its id. */
export async function insertProposedTitle(
  db: Db,
  stamp: ImportStamp,
  r: AdoptionWrite,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into proposed_titles (location_id, description, author, edition, publisher, notes,
        created_by, created_at)
      values (${stamp.locationId}, ${r.title ?? ''}, ${r.author ?? ''}, ${r.edition ?? 'Latest'},
        ${r.publisher ?? ''}, ${`Imported from ${stamp.fileName}`}, ${stamp.accountId}, ${stamp.at})
      returning id`,
  );
  if (!row) throw new Error('the proposed title was not stored');
  return Number(row.id);
}
