import type { FastifyRequest } from 'fastify';
import { ADOPT_ACTIONS } from '@csp/contracts';
import type { Grants } from '../permissions/index.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';

/** The adopt area is for holders of an adopt action (docs/behaviour/routes-and-guard.md#routes /adopt access rule). */
export async function adopter(request: FastifyRequest): Promise<Grants> {
  const grants = await request.grants;
  await grants.requireAny(ADOPT_ACTIONS, M.mayNotAdopt);
  return grants;
}

/** Labelled values as the contracts' `{ name, label }` pick-list items. */
export const named = (labels: Record<string, string>) =>
  Object.entries(labels).map(([name, label]) => ({ name, label }));
