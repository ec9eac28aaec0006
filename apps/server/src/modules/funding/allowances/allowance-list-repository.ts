import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** The value starts with `text`: a LIKE pattern with LIKE's own characters taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns a student search reads: the student ID, last and first names, each lowered. */
interface StudentSearchColumns {
  idNum: SQL;
  last: SQL;
  first: SQL;
}

/** The students aliased `st`. */
const STUDENT_COLUMNS: StudentSearchColumns = {
  idNum: sql.raw('lower(st.student_id_num)'),
  last: sql.raw('lower(st.last_name)'),
  first: sql.raw('lower(st.first_name)'),
};

/** The student's keys kept on the allowances aliased `fa` (migration 0026). */
const ALLOWANCE_KEYS: StudentSearchColumns = {
  idNum: sql.raw('lower(fa.student_id_key)'),
  last: sql.raw('fa.student_last_key'),
  first: sql.raw('fa.student_first_key'),
};

/**
 * A student search: every word typed (spaces or a comma between them, "Lee, Anna") is the start
 * of the student ID, the last name or the first name, in any case. Blank: every student. Over
 * the students aliased `st` unless other columns are given.
 */
export function studentSearchSql(
  search: string | undefined,
  columns: StudentSearchColumns = STUDENT_COLUMNS,
): SQL {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((w) => {
      const pattern = startsWith(w);
      return sql`(${columns.idNum} like ${pattern} or ${columns.last} like ${pattern}
        or ${columns.first} like ${pattern})`;
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

/**
 * The sort orders of the list on the student's keys kept on each allowance, each ending on the
 * id so pages never overlap; each is an index of the source's allowances
 * (funding_allowances_source_{name,idnum,created}_idx), so a page is read in order.
 */
const ORDERS = {
  lastName: ['fa.student_last_key', 'fa.student_first_key', 'fa.id'],
  studentIdNum: ['fa.student_id_key', 'fa.id'],
  createdAt: ['fa.created_at', 'fa.id'],
} as const;

export interface AllowancePageRequest {
  search?: string | undefined;
  page: number;
  pageSize: number;
  sortField: keyof typeof ORDERS;
  sortDirection: 'asc' | 'desc';
}

/**
 * One page of a source's allowances (the store's), searched by student, with the total. The
 * page's ids come from the source's allowances alone, in the order's index, and only they are
 * joined to their students; `allowanceCount` (the count kept on the source, migration 0024) is
 * the total when nothing is searched, so no call reads every allowance of the source.
 */
export async function allowancePage(
  db: Db,
  locationId: number,
  source: { id: number; allowanceCount: number },
  q: AllowancePageRequest,
): Promise<{ rows: AllowanceListRow[]; recordCount: number }> {
  const dir = q.sortDirection === 'desc' ? 'desc' : 'asc';
  const order = sql.raw(ORDERS[q.sortField].map((column) => `${column} ${dir}`).join(', '));
  const searched = studentSearchSql(q.search, ALLOWANCE_KEYS);
  const mine = sql`fa.location_id = ${locationId} and fa.source_id = ${source.id}`;
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`with page as materialized (
        select fa.id from funding_allowances fa
        where ${mine} and ${searched}
        order by ${order}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
      )
      select ${COLUMNS}
      from page p join funding_allowances fa on fa.id = p.id
        join students st on st.id = fa.student_id
      order by ${order}`,
  );
  const recordCount = q.search?.trim()
    ? Number(
        (
          await queryRows<{ n: unknown }>(
            db,
            sql`select count(*) as n from funding_allowances fa where ${mine} and ${searched}`,
          )
        )[0]?.n ?? 0,
      )
    : source.allowanceCount;
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
