import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { ImportJobs } from './apply/import-jobs.ts';
import { registerImportRoutes } from './import-routes.ts';
import { registerColumnRoutes } from './column-routes.ts';
import { releaseInterruptedJobs } from './apply/restart-recovery.ts';
import { registerStatusRoutes } from './status/status-routes.ts';
import { registerUploadExpiry } from './apply/upload-expiry.ts';

/** Data Summary (docs/behaviour/routes-and-guard.md, docs/behaviour/roles.md): the integration status and feed imports. */
export function registerDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const jobs = new ImportJobs(deps, app.log);
  registerStatusRoutes(app, deps, jobs);
  registerImportRoutes(app, deps, jobs);
  registerColumnRoutes(app, deps, jobs);
  registerUploadExpiry(app, deps);
  app.addHook('onReady', async () => {
    try {
      await releaseInterruptedJobs(deps.db);
    } catch (error) {
      app.log.error({ err: error }, 'could not mark interrupted imports as failed');
    }
  });
}
