import { sql, type SQL } from 'drizzle-orm';
import type { DepartmentContact } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { likeLiteral } from '../../catalog/index.ts';

/** What the list is narrowed to, besides the caller's divisions. */
export interface ContactFilter {
  search?: string | undefined;
  withoutContact: boolean;
  page: number;
  pageSize: number;
}

/** A department's contact as stored (trimmed, lower-case address; null: none). */
export interface StoredContact {
  contactName: string | null;
  contactEmail: string | null;
}

interface ContactRow {
  id: number;
  division_id: number;
  division_name: string;
  code: string;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  sections: number;
}

/** The store's departments `where` (over `d` of a division `dv`) keeps. */
function storeDepartments(locationId: number, where: SQL): SQL {
  return sql`from departments d join divisions dv on dv.id = d.division_id
    where d.location_id = ${locationId} and ${where}`;
}

function filterSql(filter: ContactFilter): SQL {
  const parts: SQL[] = [];
  if (filter.search) {
    const pattern = `%${likeLiteral(filter.search.toLowerCase())}%`;
    parts.push(sql`(lower(d.code) like ${pattern} or lower(d.name) like ${pattern})`);
  }
  if (filter.withoutContact) parts.push(sql`d.contact_email is null`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The page of departments with their sections in the terms not ended by `today`, summed from
 * the kept per-term counts (migration 0042): a few rows per department, whatever the store's
 * size.
 */
function withSections(departments: SQL, today: string): SQL {
  return sql`select p.*, (select coalesce(sum(k.sections), 0)::int
        from department_term_sections k
        join terms t on t.id = k.term_id
        where k.department_id = p.id and t.end_date >= ${today}::date) as sections
    from (${departments}) p
    order by p.division_name, p.code, p.id`;
}

function pageOf(chosen: SQL, limit: SQL): SQL {
  return sql`select d.id, d.division_id, dv.name as division_name, d.code, d.name,
      d.contact_name, d.contact_email
    ${chosen}
    order by dv.name, d.code, d.id ${limit}`;
}

function toContact(row: ContactRow): DepartmentContact {
  return {
    departmentId: Number(row.id),
    divisionId: Number(row.division_id),
    divisionName: row.division_name,
    code: row.code,
    name: row.name,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    sections: Number(row.sections),
  };
}

/** One page of the store's departments in `divisionInReach` (over `dv.id`), and how many in all. */
export async function listDepartmentContacts(
  db: Db,
  locationId: number,
  today: string,
  divisionInReach: SQL,
  filter: ContactFilter,
): Promise<{ departments: DepartmentContact[]; recordCount: number }> {
  const chosen = storeDepartments(locationId, sql`${divisionInReach} and ${filterSql(filter)}`);
  const offset = (filter.page - 1) * filter.pageSize;
  const limit = sql`limit ${filter.pageSize} offset ${offset}`;
  const [rows, [total]] = await Promise.all([
    queryRows<ContactRow>(db, withSections(pageOf(chosen, limit), today)),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${chosen}`),
  ]);
  return { departments: rows.map(toContact), recordCount: Number(total?.n ?? 0) };
}

/** One department of the store as the list shows it, or null: none of the store's. */
export async function departmentContact(
  db: Db,
  locationId: number,
  today: string,
  departmentId: number,
): Promise<DepartmentContact | null> {
  const chosen = storeDepartments(locationId, sql`d.id = ${departmentId}`);
  const [row] = await queryRows<ContactRow>(db, withSections(pageOf(chosen, sql``), today));
  return row ? toContact(row) : null;
}

/**
 * The department's code and contact, when it is the store's and `divisionInReach` allows its
 * division; locked for the caller's transaction when `lock` (two saves do not both audit).
 */
export async function reachableDepartment(
  db: Db,
  locationId: number,
  departmentId: number,
  divisionInReach: SQL,
  lock = false,
): Promise<(StoredContact & { code: string }) | null> {
  const forUpdate = lock ? sql`for update of d` : sql``;
  const [row] = await queryRows<{
    code: string;
    contact_name: string | null;
    contact_email: string | null;
  }>(
    db,
    sql`select d.code, d.contact_name, d.contact_email
      ${storeDepartments(locationId, sql`d.id = ${departmentId} and ${divisionInReach}`)}
      ${forUpdate}`,
  );
  return row
    ? { code: row.code, contactName: row.contact_name, contactEmail: row.contact_email }
    : null;
}

export async function saveDepartmentContact(
  db: Db,
  departmentId: number,
  contact: StoredContact,
): Promise<void> {
  await db.execute(
    sql`update departments set contact_name = ${contact.contactName},
      contact_email = ${contact.contactEmail} where id = ${departmentId}`,
  );
}

/** The change in the store's audit log, as store settings record theirs. */
export async function auditContactChange(
  db: Db,
  entry: {
    locationId: number;
    actorAccountId: number;
    before: StoredContact & { departmentId: number; code: string };
    after: StoredContact & { departmentId: number; code: string };
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    locationId: entry.locationId,
    actorAccountId: entry.actorAccountId,
    subjectAccountId: null,
    event: 'DEPARTMENT_CONTACT_CHANGED',
    before: entry.before,
    after: entry.after,
    at: entry.at,
  });
}
