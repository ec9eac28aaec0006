import { registerContractRoute, type ContractRouter } from '@csp/http-kit';

/** Every error status a print service route may answer, each as `{message, field?}`. */
const ERROR_STATUSES = [400, 403, 404, 409, 413, 500, 502, 503];

/**
 * Registers a route from its docs/behaviour/calls.md contract with the shared core: method,
 * path, query validation and response serialization (200 plus `{message, field?}` errors).
 * The handler returns the 200 body.
 */
export const route: ContractRouter<[]> = (app, contract, handler) =>
  registerContractRoute(app, contract, { errorStatuses: ERROR_STATUSES }, handler);
