import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** The value starts with `text`: a LIKE pattern with LIKE's own characters taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A student search over the students aliased `st`: every word typed (spaces or a comma between
 * them, "Lee, Anna") is the start of the student ID, the last name or the first name, in any
 * case. Blank: every student.
 */
export function studentSearchSql(search: string | undefined): SQL {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((w) => {
      const pattern = startsWith(w);
      return sql`(lower(st.student_id_num) like ${pattern} or lower(st.last_name) like ${pattern}
        or lower(st.first_name) like ${pattern})`;
    }),
    sql` and `,
  );
}

/** An allowance with its student, as the list and the answers of writes show it. */
export interface AllowanceListRow {
  allowanceId: number;
  sourceId: number;
  customerId: number;
  studentIdNum: string;
  firstName: string;
  lastName: string;
  email: string;
  voucherCode: string;
  note: string;
  createdAt: string;
  emailedAt: string | null;
}

const COLUMNS = sql`fa.id as "allowanceId", fa.source_id as "sourceId", st.id as "customerId",
  st.student_id_num as "studentIdNum", st.first_name as "firstName", st.last_name as "lastName",
  st.email, fa.voucher_code as "voucherCode", fa.note, fa.created_at as "createdAt",
  fa.emailed_at as "emailedAt"`;

const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

function toRow(r: Record<string, unknown>): AllowanceListRow {
  return {
    allowanceId: Number(r.allowanceId),
    sourceId: Number(r.sourceId),
    customerId: Number(r.customerId),
    studentIdNum: String(r.studentIdNum),
    firstName: String(r.firstName),
    lastName: String(r.lastName),
    email: String(r.email),
    voucherCode: String(r.voucherCode),
    note: String(r.note),
    createdAt: iso(r.createdAt),
    emailedAt: r.emailedAt === null || r.emailedAt === undefined ? null : iso(r.emailedAt),
  };
}

/** The sort orders of the list, each ending on the id so pages never overlap. */
const ORDERS = {
  lastName: sql.raw('lower(st.last_name)'),
  studentIdNum: sql.raw('st.student_id_num'),
  createdAt: sql.raw('fa.created_at'),
} as const;

export interface AllowancePageRequest {
  search?: string | undefined;
  page: number;
  pageSize: number;
  sortField: keyof typeof ORDERS;
  sortDirection: 'asc' | 'desc';
}

/** One page of a source's allowances (the store's), searched by student, with the total. */
export async function allowancePage(
  db: Db,
  locationId: number,
  sourceId: number,
  q: AllowancePageRequest,
): Promise<{ rows: AllowanceListRow[]; recordCount: number }> {
  const dir = sql.raw(q.sortDirection === 'desc' ? 'desc' : 'asc');
  const then = q.sortField === 'lastName' ? sql`, lower(st.first_name) ${dir}` : sql``;
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS}, count(*) over () as "totalRows"
      from funding_allowances fa join students st on st.id = fa.student_id
      where fa.location_id = ${locationId} and fa.source_id = ${sourceId}
        and ${studentSearchSql(q.search)}
      order by ${ORDERS[q.sortField]} ${dir}${then}, fa.id ${dir}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const first = raw[0];
  const recordCount = first
    ? Number(first.totalRows)
    : Number(
        (
          await queryRows<{ n: unknown }>(
            db,
            sql`select count(*) as n from funding_allowances fa join students st on st.id = fa.student_id
              where fa.location_id = ${locationId} and fa.source_id = ${sourceId}
                and ${studentSearchSql(q.search)}`,
          )
        )[0]?.n ?? 0,
      );
  return { rows: raw.map(toRow), recordCount };
}

/** The store's allowances of these ids, in the order given (unknown ids are left out). */
export async function allowanceRows(
  db: Db,
  locationId: number,
  allowanceIds: readonly number[],
): Promise<AllowanceListRow[]> {
  if (allowanceIds.length === 0) return [];
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS}
      from funding_allowances fa join students st on st.id = fa.student_id
      where fa.location_id = ${locationId}
        and fa.id in (${sql.join(
          allowanceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(raw.map((r) => [Number(r.allowanceId), toRow(r)]));
  return allowanceIds.flatMap((id) => byId.get(id) ?? []);
}
