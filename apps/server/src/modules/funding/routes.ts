import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** The funding area's routes (issue 14): sources, allowances, files, vouchers, reports. */
export function registerFundingRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
