import type { RolloverDivision } from '@csp/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { divisionDepartments, divisionTerms, listDivisions } from './rollover-repository.ts';

/** getRolloverChoices: the caller's campaign divisions with their terms and departments. */
export async function rolloverChoices(
  db: Db,
  locationId: number,
  divisions: SQL,
): Promise<RolloverDivision[]> {
  const found = await listDivisions(db, locationId, divisions);
  const ids = found.map((d) => Number(d.divisionId));
  const terms = await divisionTerms(db, ids);
  const departments = await divisionDepartments(db, ids);
  return found.map((d) => ({
    divisionId: Number(d.divisionId),
    divisionName: d.divisionName,
    terms: terms
      .filter((t) => Number(t.divisionId) === Number(d.divisionId))
      .map((t) => ({ termId: Number(t.termId), termName: t.termName, startDate: t.startDate })),
    departments: departments
      .filter((x) => Number(x.divisionId) === Number(d.divisionId))
      .map((x) => ({ departmentId: Number(x.departmentId), code: x.code, name: x.name })),
  }));
}
