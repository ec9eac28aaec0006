import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idInStore } from '../../../db/store-row.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { fundingAllowances, locations } from '../../../db/schema/index.ts';

/** What a voucher prints or mails: the store, the student, the source and the code. */
export interface VoucherRow {
  allowanceId: number;
  sourceId: number;
  storeName: string;
  studentIdNum: string;
  firstName: string;
  lastName: string;
  email: string;
  sourceName: string;
  kind: string;
  scope: string;
  spending: string[];
  chargeStartsOn: string;
  chargeEndsOn: string;
  voucherCode: string;
}

/** node-postgres answers a text[] as an array, PGlite too; a '{a,b}' literal is read as well. */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const text = String(value ?? '').replace(/^\{|\}$/g, '');
  return text === '' ? [] : text.split(',');
}

/**
 * The vouchers of one allowance, of some, or of a whole source (the store's only), by student
 * name, at most `limit` of them.
 */
export async function voucherRows(
  db: Db,
  locationId: number,
  which: { allowanceId: number } | { allowanceIds: readonly number[] } | { sourceId: number },
  limit: number,
): Promise<VoucherRow[]> {
  if ('allowanceIds' in which && which.allowanceIds.length === 0) return [];
  const filter =
    'allowanceId' in which
      ? sql`fa.id = ${which.allowanceId}`
      : 'allowanceIds' in which
        ? sql`fa.id in (${sql.join(
            which.allowanceIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`fa.source_id = ${which.sourceId}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select fa.id as "allowanceId", fa.source_id as "sourceId", l.name as "storeName",
        st.student_id_num as "studentIdNum", st.first_name as "firstName",
        st.last_name as "lastName", st.email, s.name as "sourceName", s.kind, s.scope,
        s.spending, s.charge_starts_on::text as "chargeStartsOn",
        s.charge_ends_on::text as "chargeEndsOn", fa.voucher_code as "voucherCode"
      from funding_allowances fa
        join funding_sources s on s.id = fa.source_id
        join students st on st.id = fa.student_id
        join locations l on l.id = fa.location_id
      where fa.location_id = ${locationId} and ${filter}
      order by lower(st.last_name), lower(st.first_name), fa.id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    allowanceId: Number(r.allowanceId),
    sourceId: Number(r.sourceId),
    storeName: String(r.storeName),
    studentIdNum: String(r.studentIdNum),
    firstName: String(r.firstName),
    lastName: String(r.lastName),
    email: String(r.email ?? ''),
    sourceName: String(r.sourceName),
    kind: String(r.kind),
    scope: String(r.scope),
    spending: textArray(r.spending),
    chargeStartsOn: String(r.chargeStartsOn),
    chargeEndsOn: String(r.chargeEndsOn),
    voucherCode: String(r.voucherCode),
  }));
}

/** Records when the voucher was e-mailed. */
export async function markVoucherEmailed(
  db: Db,
  locationId: number,
  allowanceId: number,
  at: Date,
): Promise<void> {
  await db
    .update(fundingAllowances)
    .set({ emailedAt: at })
    .where(idInStore(fundingAllowances, locationId, allowanceId));
}

/** The store's name, as its vouchers print it. */
export async function storeName(db: Db, locationId: number): Promise<string> {
  const [row] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.name ?? '';
}
