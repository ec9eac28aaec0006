import { sql, type SQL } from 'drizzle-orm';

/**
 * The sections a campaign e-mail asks about: the term's sections no adoption covers (the kept
 * `first_adopted_at` is null: no-text-required counts as covered, so it is never asked about).
 */
export function unadoptedSectionsSql(termId: number): SQL {
  return sql`select s.id, s.course_id from sections s
    where s.term_id = ${termId} and s.first_adopted_at is null`;
}

/**
 * Who a reminder asks, one row per (section, person), over `unadopted` (id, course_id):
 * the section's instructors (their own address, else their portal account's), and the
 * submitters whose SUBMITTER grant is on the section, its course or its department. A grant
 * on a whole division or the store is the store's own staff, not someone to chase.
 * Addresses trimmed and lower case, so one person is one row per section.
 */
export function reminderPeopleSql(locationId: number): SQL {
  return sql`select sp.section_id, lower(trim(coalesce(nullif(trim(p.email), ''), ua.email))) as email,
        trim(p.first_name || ' ' || p.last_name) as name
      from unadopted u
      join section_professors sp on sp.section_id = u.id
      join professors p on p.id = sp.professor_id
      left join user_accounts ua on ua.id = p.account_id and ua.active
      where coalesce(nullif(trim(p.email), ''), ua.email) is not null
    union all
    select u.id, lower(trim(g.email)), g.name
      from unadopted u join courses c on c.id = u.course_id
      join submitters g on g.section_id = u.id
        or (g.section_id is null and g.course_id = c.id)
        or (g.section_id is null and g.course_id is null and g.department_id = c.department_id)
      where g.location_id = ${locationId}`;
}

/** The store's active submitters with a grant narrower than a division, and that grant. */
export function submittersSql(locationId: number): SQL {
  return sql`select ur.location_id, ur.section_id, ur.course_id, ur.department_id,
        ua.email, ua.name
      from user_roles ur
      join roles r on r.id = ur.role_id and r.name = 'SUBMITTER'
      join user_accounts ua on ua.id = ur.account_id and ua.active and trim(ua.email) <> ''
      where ur.location_id = ${locationId}
        and (ur.section_id is not null or ur.course_id is not null or ur.department_id is not null)`;
}

/** The CTEs `unadopted`, `submitters` and `people` (section_id, email, name) of a reminder. */
export function reminderPeopleCtes(locationId: number, termId: number): SQL {
  return sql`unadopted as (${unadoptedSectionsSql(termId)}),
    submitters as (${submittersSql(locationId)}),
    people as (${reminderPeopleSql(locationId)})`;
}

/**
 * Who a digest asks, one row per (section, department contact): the department's contact for
 * each unadopted section of its courses, with whom the section is assigned to.
 */
export function digestPeopleCtes(termId: number): SQL {
  return sql`unadopted as (${unadoptedSectionsSql(termId)}),
    people as (
      select u.id as section_id, d.contact_email as email,
        coalesce(nullif(trim(d.contact_name), ''), d.name || ' contact') as name,
        s.professor_names as assigned_to
      from unadopted u
      join sections s on s.id = u.id
      join courses c on c.id = u.course_id
      join departments d on d.id = c.department_id
      where d.contact_email is not null and d.contact_email <> ''
    )`;
}
