import type { FastifyInstance } from 'fastify';
import {
  getCustomerOrderableItems,
  getStudentDetails,
  getStudentRequiredMaterials,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { orderableItemsOf } from './orderable-items.ts';
import { requiredMaterialsOf } from './required-materials.ts';
import { studentReader } from '../access/student-access.ts';
import { studentDetailOf } from './student-detail.ts';

const TAGS = ['students'];

/**
 * Looking a student up (docs/behaviour/calls.md#admin-base: Student, Autogen): detail, required and orderable
 * materials. Every call needs an action that lets the caller look students up (studentReader)
 * and sees only the students of the caller's store within their scope (StudentScope), and of
 * them the sections within it.
 */
export function registerDetailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getStudentDetails, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { scope } = await studentReader(db, request);
    const student = await scope.open(query.customerId);
    const addressVisible = await student.may('VIEW_STUDENT_ADDRESS');
    return { studentDetail: await studentDetailOf(db, student.row, addressVisible) };
  });

  route(
    app,
    getStudentRequiredMaterials,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const { scope } = await studentReader(db, request);
      const student = await scope.open(query.customerId);
      const { sectionId } = query;
      // The sections the caller may look the student up through, for the list and for one.
      const sections = await student.lookupSections();
      const which =
        sectionId === undefined
          ? { sections }
          : { sectionId, visible: sections === undefined || sections.has(sectionId) };
      return {
        requiredMaterials: await requiredMaterialsOf(
          db,
          student.row.locationId,
          student.row.id,
          isoDay(deps.now()),
          which,
        ),
      };
    },
  );

  route(
    app,
    getCustomerOrderableItems,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const { scope } = await studentReader(db, request);
      const student = await scope.open(query.customerId);
      return {
        orderableItems: await orderableItemsOf(
          db,
          student.row.locationId,
          student.row.id,
          isoDay(deps.now()),
          await student.lookupSections(),
        ),
      };
    },
  );
}
