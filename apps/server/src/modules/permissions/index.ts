/**
 * The permissions module's public face: the permission endpoints and the policy that answers
 * "may they". Code outside the module imports only this file (enforced by ESLint).
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerPermissionRoutes } from './routes.ts';
export {
  getPermittedActions,
  grantColumnsOf,
  provideGrants,
  registerGrants,
  type Grants,
} from './policy.ts';
export type { CatalogColumns } from './grants.ts';
export { createLaunchedAccount, launchMaySignIn } from './launched-account.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const permissionsModule = modulePlugin(registerPermissionRoutes);
