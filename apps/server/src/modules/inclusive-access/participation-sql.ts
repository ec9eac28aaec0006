import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a participant is in, in SQL: the participant's own choice, else the program's model
 * (`isParticipating` in packages/contracts/src/inclusive-access/inclusive-access.ts is the same
 * rule; participation-rule.test.ts holds the two to each other). `participant` and `program`
 * are the aliases of `ia_participants` and `ia_programs` in the caller's statement.
 */
export function iaParticipatingSql(participant = 'p', program = 'pr'): SQL {
  return sql.raw(
    `(coalesce(${participant}.choice, case ${program}.model when 'OPT_OUT' then 'IN' else 'OUT' end) = 'IN')`,
  );
}
