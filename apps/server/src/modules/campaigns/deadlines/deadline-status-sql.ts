import { sql, type SQL } from 'drizzle-orm';

/**
 * Where a section stands against its term's adoption deadline (DEADLINE_STATUSES in
 * packages/contracts/src/campaigns/adoption-deadlines.ts), the one rule every list applies:
 * over a section `section` (its kept `first_adopted_at`, migration 0034) and its term `term`
 * (`adoption_deadline`), on the server's today (lib/iso-day.ts). The deadline day ends at
 * midnight UTC, the server's one day boundary.
 */
export function deadlineStatusSql(section: string, term: string, today: string): SQL {
  const s = sql.raw(section);
  const t = sql.raw(term);
  return sql`(case
    when ${s}.first_adopted_at is null and ${t}.adoption_deadline < ${today}::date then 'MISSING'
    when ${s}.first_adopted_at is null then 'OPEN'
    when ${t}.adoption_deadline is null
      or ${s}.first_adopted_at < ((${t}.adoption_deadline + 1)::timestamp at time zone 'UTC')
      then 'ON_TIME'
    else 'LATE'
  end)`;
}
