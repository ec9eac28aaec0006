import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** Section research: the lookups, sectionList, sectionDetail and its materials. */
export function registerSectionRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
