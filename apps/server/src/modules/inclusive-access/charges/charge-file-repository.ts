import { sql } from 'drizzle-orm';
import {
  IA_DEFAULT_CHARGE_FILE_COLUMNS,
  iaChargeFileLayoutForm,
  type IaChargeFile,
  type IaChargeFileColumn,
  type IaChargeFileLayout,
  type IaLineTotals,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaStoreSettings } from '../../../db/schema/index.ts';

interface FileRow {
  file_id: number;
  number: number;
  created_at: Date | string;
  created_by_name: string | null;
  line_count: number;
  total_cents: number;
  charges: number;
  charge_cents: number;
  credits: number;
  credit_cents: number;
}

const lineTotals = (lines: unknown, cents: unknown): IaLineTotals => ({
  lines: Number(lines ?? 0),
  totalCents: Number(cents ?? 0),
});

/** The term's files (or only the one of an id or number), newest first, charges and credits apart. */
export async function chargeFiles(
  db: Db,
  termId: number,
  only?: { fileId: number } | { number: number },
): Promise<IaChargeFile[]> {
  const which =
    only === undefined
      ? sql``
      : 'fileId' in only
        ? sql`and f.id = ${only.fileId}`
        : sql`and f.number = ${only.number}`;
  const rows = await queryRows<FileRow>(
    db,
    sql`select f.id as file_id, f.number, f.created_at, a.name as created_by_name,
        f.line_count, f.total_cents,
        count(l.id) filter (where l.kind = 'CHARGE') as charges,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'CHARGE'), 0) as charge_cents,
        count(l.id) filter (where l.kind = 'CREDIT') as credits,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'CREDIT'), 0) as credit_cents
      from ia_charge_files f
        left join user_accounts a on a.id = f.created_by
        left join ia_charge_lines l on l.file_id = f.id
      where f.term_id = ${termId} ${which}
      group by f.id, a.name
      order by f.number desc`,
  );
  return rows.map((r) => ({
    fileId: Number(r.file_id),
    number: Number(r.number),
    createdAt: new Date(r.created_at).toISOString(),
    createdByName: r.created_by_name ?? '',
    lineCount: Number(r.line_count),
    totalCents: Number(r.total_cents),
    charges: lineTotals(r.charges, r.charge_cents),
    credits: lineTotals(r.credits, r.credit_cents),
  }));
}

/** The term's lines paid from (or given back to) funding allowances. */
export async function fundedTotals(
  db: Db,
  termId: number,
): Promise<{ charges: IaLineTotals; credits: IaLineTotals }> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*) filter (where l.kind = 'CHARGE') as charges,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'CHARGE'), 0) as charge_cents,
        count(*) filter (where l.kind = 'CREDIT') as credits,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'CREDIT'), 0) as credit_cents
      from ia_charge_lines l
        join ia_participants p on p.id = l.participant_id
        join ia_programs pr on pr.id = p.program_id
      where pr.term_id = ${termId} and l.paid_by_funding`,
  );
  return {
    charges: lineTotals(row?.charges, row?.charge_cents),
    credits: lineTotals(row?.credits, row?.credit_cents),
  };
}

/** A line of a file as its CSV shows it. */
export interface ChargeFileLine {
  lineId: number;
  kind: string;
  amountCents: number;
  description: string;
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  term: string;
  section: string;
}

/** The lines of one file, in the order they were made. */
export async function chargeFileLines(db: Db, fileId: number): Promise<ChargeFileLine[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id as "lineId", l.kind, l.amount_cents as "amountCents", l.description,
        st.student_id_num as "studentId", st.first_name as "firstName",
        st.last_name as "lastName", st.email, tm.name as term,
        dp.code || ' ' || c.code || '-' || s.code as section
      from ia_charge_lines l
        join ia_participants p on p.id = l.participant_id
        join students st on st.id = p.student_id
        join ia_programs pr on pr.id = p.program_id
        join sections s on s.id = pr.section_id
        join courses c on c.id = s.course_id
        join departments dp on dp.id = c.department_id
        join terms tm on tm.id = pr.term_id
      where l.file_id = ${fileId}
      order by l.id`,
  );
  return rows.map((r) => ({
    ...(r as unknown as ChargeFileLine),
    lineId: Number(r.lineId),
    amountCents: Number(r.amountCents),
  }));
}

/** The store's layout: the saved one, else the default (a saved one no longer valid too). */
export async function chargeFileLayout(db: Db, locationId: number): Promise<IaChargeFileLayout> {
  const [row] = await queryRows<{ columns: unknown }>(
    db,
    sql`select charge_file_columns as columns from ia_store_settings where location_id = ${locationId}`,
  );
  const saved = iaChargeFileLayoutForm.safeParse({
    columns: typeof row?.columns === 'string' ? JSON.parse(row.columns) : row?.columns,
  });
  if (!saved.success) return { columns: [...IA_DEFAULT_CHARGE_FILE_COLUMNS], isDefault: true };
  return { columns: saved.data.columns, isDefault: false };
}

/** Saves the store's layout (its settings row made when it has none). */
export async function saveChargeFileLayout(
  db: Db,
  locationId: number,
  accountId: number,
  columns: readonly IaChargeFileColumn[],
  now: Date,
): Promise<void> {
  const set = { chargeFileColumns: columns, updatedBy: accountId, updatedAt: now };
  await db
    .insert(iaStoreSettings)
    .values({ locationId, ...set })
    .onConflictDoUpdate({ target: iaStoreSettings.locationId, set });
}
