import { isbn13To10, makeIsbn13 } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import { insertRows, queryRows } from '../bulk-write.ts';
import type { Db } from '../client.ts';
import { externalProducts } from '../schema/index.ts';
import { isoDay } from './dates.ts';

/** The `source` of the one derived product (external-catalog/NOTICE.md says what it is). */
export const DERIVED_EDITION_SOURCE = 'demo-derived-edition';

interface Candidate {
  titleId: number;
  description: string;
  author: string;
  edition: string;
  publisher: string;
  listPriceCents: number;
}

/**
 * "Adopt the same as last time" with a warning to see (issue 30, point 5): the distributor's
 * catalog gets the next edition of one title the demo instructor's course adopted in its
 * previous term. The instructor's titles are generated, so no real later edition of them exists
 * in the demo's real book files; this one product is derived from the title (same title,
 * authors, publisher and price, the next edition number when it has one, published on the
 * seed's today, an unused 978-1 ISBN made from the title's id) and marked by its `source`. The title is the first, by course code,
 * of a course with a coming section the instructor teaches that has no adoption yet, adopted in
 * the latest earlier term with section adoptions: what My courses offers to adopt again.
 * Returns the products added (0 when the instructor has no such title).
 */
export async function seedNewerEdition(
  db: Db,
  locationId: number,
  professorId: number,
  today: Date,
): Promise<number> {
  const day = isoDay(Math.floor(today.getTime() / 86_400_000));
  const [title] = await queryRows<Candidate>(
    db,
    sql`with coming as (
        select s.course_id, min(t.start_date) as first_start
        from sections s join terms t on t.id = s.term_id
          join section_professors sp on sp.section_id = s.id
        where s.location_id = ${locationId} and sp.professor_id = ${professorId}
          and t.end_date >= ${day}::date and s.adoption_status_rank = 0
        group by s.course_id
      ),
      previous as (
        select distinct on (c.course_id) c.course_id, s.term_id
        from coming c
          join sections s on s.course_id = c.course_id
          join terms t on t.id = s.term_id and t.start_date < c.first_start
          join adoption_material_sections ams on ams.section_id = s.id and not ams.removed
          join adoption_materials am on am.id = ams.adoption_material_id and am.active
            and am.adoption_type = 'SECTION_ADOPTION'
        order by c.course_id, t.start_date desc, t.id desc
      )
      select ti.id as "titleId", ti.description, ti.author, ti.edition,
        ti.publisher, ti.list_price_cents as "listPriceCents"
      from previous p
        join courses co on co.id = p.course_id
        join sections s on s.course_id = p.course_id and s.term_id = p.term_id
        join adoption_material_sections ams on ams.section_id = s.id and not ams.removed
        join adoption_materials am on am.id = ams.adoption_material_id and am.active
          and am.adoption_type = 'SECTION_ADOPTION'
        join titles ti on ti.id = am.title_id
      where ti.author <> ''
        and (ti.edition ~ '^[0-9]+' or ti.publish_date < date_trunc('year', ${day}::date))
      order by co.code, ti.id
      limit 1`,
  );
  if (!title) return 0;
  // The next edition number; a title without one (an access code) gets a later year only.
  const number = /^\d+/.exec(title.edition)?.[0];
  const edition = number === undefined ? title.edition : ordinal(Number(number) + 1);
  const ean13 = await unusedIsbn(db, Number(title.titleId));
  return insertRows(db, externalProducts, [
    {
      ean13,
      isbn10: isbn13To10(ean13),
      digitalIsbn: null,
      description: title.description,
      author: title.author,
      edition,
      publisher: title.publisher,
      publishDate: day,
      productCode: 'TXT',
      bookImageUrl: null,
      listPriceCents: Number(title.listPriceCents),
      source: DERIVED_EDITION_SOURCE,
      availability: 'AVAILABLE',
    },
  ]);
}

/**
 * A valid ISBN-13 of the English-language group 978-1 (so it hyphenates) that no title or
 * product has, the first free one from a number made of the title's id: the same every seed.
 */
async function unusedIsbn(db: Db, titleId: number): Promise<string> {
  for (let body = 190_000_000 + (titleId % 1_000_000); ; body++) {
    const ean13 = makeIsbn13('978', body);
    const [taken] = await queryRows<{ taken: boolean | string }>(
      db,
      sql`select exists (select 1 from titles where ean13 = ${ean13})
        or exists (select 1 from external_products where ean13 = ${ean13}) as taken`,
    );
    if (taken?.taken !== true && taken?.taken !== 't') return ean13;
  }
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? 'th'}`;
}
