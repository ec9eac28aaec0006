import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAllowanceRoutes } from './allowances/allowance-routes.ts';
import { registerClosingRoutes } from './ledger/closing-routes.ts';
import { registerReportRoutes } from './reports/report-routes.ts';
import { registerSourceRoutes } from './sources/source-routes.ts';
import { registerUploadRoutes } from './uploads/upload-routes.ts';

/**
 * The funding area's calls (issue 14): sources, allowances and vouchers, allowance files,
 * reports, and the closing of ended windows (its daily job too). Each file registers its part.
 */
export function registerFundingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerSourceRoutes(app, deps);
  registerAllowanceRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerClosingRoutes(app, deps);
}
