import type { FastifyInstance } from 'fastify';
import {
  getCustomerOrderableItems,
  getMarketplaceConditions,
  getStudentDetails,
  getStudentRequiredMaterials,
  searchStudents,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { isoDay } from '../../lib/iso-day.ts';
import { route } from '../../lib/route.ts';
import { storeConditions } from './marketplace-condition-repository.ts';
import { orderableItemsOf } from './orderable-items.ts';
import { requiredMaterialsOf } from './required-materials.ts';
import { studentReader, studentOfStore } from './student-access.ts';
import { studentDetailOf } from './student-detail.ts';
import { studentSearchPage } from './student-search.ts';

const TAGS = ['students'];

/**
 * Looking students up (spec §7 admin base: Student, Autogen): search, detail, required and
 * orderable materials, return conditions. Every call needs an action that lets the caller
 * look students up (studentReader) and sees the caller's store only.
 */
export function registerStudentLookupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, searchStudents, { tags: TAGS }, async ({ query, request }) => {
    const { session } = await studentReader(db, request);
    return studentSearchPage(
      db,
      session.locationId,
      query.studentSearch,
      query.page,
      query.pageSize,
    );
  });

  route(app, getStudentDetails, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session, grants } = await studentReader(db, request);
    const student = await studentOfStore(db, session, query.customerId);
    const addressVisible = await grants.mayDo('VIEW_STUDENT_ADDRESS');
    return { studentDetail: await studentDetailOf(db, student, addressVisible) };
  });

  route(
    app,
    getStudentRequiredMaterials,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const { session, grants } = await studentReader(db, request);
      const student = await studentOfStore(db, session, query.customerId);
      const { sectionId } = query;
      const section =
        sectionId === undefined
          ? undefined
          : { sectionId, visible: await grants.mayDo('VIEW_SECTION', { sectionId }) };
      return {
        requiredMaterials: await requiredMaterialsOf(
          db,
          student.locationId,
          student.id,
          isoDay(deps.now()),
          section,
        ),
      };
    },
  );

  route(
    app,
    getCustomerOrderableItems,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const { session } = await studentReader(db, request);
      const student = await studentOfStore(db, session, query.customerId);
      return {
        orderableItems: await orderableItemsOf(
          db,
          student.locationId,
          student.id,
          isoDay(deps.now()),
        ),
      };
    },
  );

  route(app, getMarketplaceConditions, { tags: TAGS }, async ({ request }) => {
    const { session } = await studentReader(db, request);
    const conditions = await storeConditions(db, session.locationId);
    return { market_conditions: conditions.map(({ name }) => ({ name })) };
  });
}
