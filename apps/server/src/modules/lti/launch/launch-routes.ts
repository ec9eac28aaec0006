import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';

export function registerLtiLaunchRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
