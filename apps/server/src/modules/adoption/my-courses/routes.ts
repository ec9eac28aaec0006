import type { FastifyInstance } from 'fastify';
import { adoptSameAsLastTime, getMyCourses } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { adopter } from '../adopter.ts';
import { isoDay } from '../course-detail/sections.ts';
import { adoptSameAsLastTime as adoptSame } from './adopt-same.ts';
import { myCourses } from './my-courses.ts';

const TAGS = ['adoption'];

/** My courses (issue 30, point 3): the caller's own sections, and "Adopt the same as last time". */
export function registerMyCoursesRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getMyCourses, { tags: TAGS }, async ({ request }) => {
    const grants = await adopter(request);
    const today = isoDay(deps.now());
    return { courses: await myCourses(deps.db, request.session, grants, today), today };
  });

  route(
    app,
    adoptSameAsLastTime,
    { tags: TAGS, errors: [404, 409, 429] },
    async ({ body, request }) => {
      const grants = await adopter(request);
      return adoptSame(deps, request.session, grants, body);
    },
  );
}
