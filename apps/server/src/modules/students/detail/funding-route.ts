import type { FastifyInstance } from 'fastify';
import {
  getStudentFunding,
  STUDENT_FUNDING_ACTIONS,
  STUDENT_FUNDING_REFUSAL,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { studentAllowances } from '../../funding/index.ts';
import { studentReader } from '../access/student-access.ts';

const TAGS = ['students'];

/**
 * A student's funding (ADR 0019, ADR 0023): allowances with balances and voucher
 * codes, for STUDENT_FUNDING_ACTIONS holders only (403 before any 404), of a student they may
 * look up (404 otherwise, as another store's student); VIEW_STUDENT_FUNDING must reach the
 * student, MANAGE_VOUCHERS opens all of the store's funding.
 */
export function registerStudentFundingRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, getStudentFunding, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { grants, scope } = await studentReader(db, request);
    await grants.requireAny(STUDENT_FUNDING_ACTIONS, STUDENT_FUNDING_REFUSAL);
    const student = await scope.open(query.customerId);
    if (!(await student.mayViewFunding())) throw AppError.forbidden(STUDENT_FUNDING_REFUSAL);
    return studentAllowances(db, student.row.locationId, student.row.id, isoDay(deps.now()));
  });
}
