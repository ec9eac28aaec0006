import { sql, type SQL } from 'drizzle-orm';
import type { CourseSearch } from './course-search.ts';

/**
 * The ids of the store's courses a search finds, as a union of arms that each have an index:
 * the course code (location, lower(code)), the department code (its few courses), the name's
 * words (GIN). One OR over them would make PostgreSQL read every course of the store.
 */
export function courseSearchMatches(locationId: number, search: CourseSearch): SQL {
  const arms: SQL[] = [
    sql`select c.id from courses c
      where c.location_id = ${locationId} and lower(c.code) like ${search.codePrefix + '%'}`,
  ];
  const department = search.department;
  if (department)
    arms.push(sql`select c.id from courses c join departments d on d.id = c.department_id
      where d.location_id = ${locationId}
        and ${
          department.coursePrefix === null
            ? sql`lower(d.code) like ${department.code + '%'}`
            : sql`lower(d.code) = ${department.code} and lower(c.code) like ${department.coursePrefix + '%'}`
        }`);
  if (search.words.length > 0)
    arms.push(sql`select c.id from courses c
      where c.location_id = ${locationId}
        and to_tsvector('simple', c.name) @@ to_tsquery('simple', ${search.words.map((w) => `${w}:*`).join(' & ')})`);
  return sql.join(arms, sql` union `);
}
