import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';

export function registerLtiRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
