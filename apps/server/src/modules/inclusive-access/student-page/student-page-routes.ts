import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';

/** Issue 32: this sub-area's routes (filled in by its work). */
export function registerStudentPageRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
