import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { IA_MESSAGES } from '@csp/contracts';

const ACTION = 'MANAGE_INCLUSIVE_ACCESS';

/**
 * Where the caller manages inclusive access, as two SQL predicates: `sections` over a section
 * `s` of a course `c` (a program, a participant list: the grant must cover the section), and
 * `divisions` over a division `dv` (a term's dates are its whole division's). Without the action
 * anywhere: 403.
 */
export interface IaReach {
  sections: SQL;
  divisions: SQL;
}

export async function iaReach(request: FastifyRequest): Promise<IaReach> {
  const grants = await request.grants;
  await grants.requireAny([ACTION], IA_MESSAGES.refusal);
  if (grants.holdsEverywhere(ACTION)) return { sections: sql`true`, divisions: sql`true` };
  const sections = await grants.scopePredicate(ACTION, {
    divisionId: sql`c.division_id`,
    departmentId: sql`c.department_id`,
    courseId: sql`s.course_id`,
    sectionId: sql`s.id`,
  });
  const divisions = await grants.scopePredicate(ACTION, { divisionId: sql`dv.id` });
  return { sections: sql`(${sections})`, divisions: sql`(${divisions})` };
}
