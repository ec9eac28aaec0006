/**
 * The permissions module's public face: the permission endpoints and the policy that answers
 * "may they". Code outside the module imports only this file (enforced by ESLint).
 */
export { registerPermissionRoutes } from './routes.ts';
export { getPermittedActions, grantsOf, type Grants } from './policy.ts';
