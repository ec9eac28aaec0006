import type { Endpoint } from '@csp/contracts';
import type { z } from 'zod';

/** The body schema of a contract, for forms that validate exactly what the server will. */
export function contractBody<B extends z.ZodType>(
  endpoint: Endpoint<z.ZodType, z.ZodType, B, z.ZodType>,
): B {
  if (!endpoint.body) throw new Error(`${endpoint.path} has no request body`);
  return endpoint.body;
}
