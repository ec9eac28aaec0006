import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@csp/contracts';
import type { Endpoint } from '@csp/contracts';
import { createTestApp, type Engine, type TestContext } from '../test-app.ts';
import type { NamedContract } from './matrix-requests.ts';
import { runContract } from './matrix-run.ts';
import { matrixWorld, type MatrixWorld } from './matrix-world.ts';

/** Every value the contracts package exports that looks like an endpoint, by export name. */
export function exportedContracts(): NamedContract[] {
  return Object.entries(contracts as Record<string, unknown>)
    .filter(([, value]) => {
      const e = value as Partial<Endpoint> | null;
      return (
        typeof e === 'object' &&
        e !== null &&
        typeof e.method === 'string' &&
        typeof e.path === 'string' &&
        typeof e.auth === 'boolean'
      );
    })
    .map(([name, contract]) => ({ name, contract: contract as Endpoint }));
}

/**
 * Writes that change what other calls find run last (each contract still asks its refusals
 * before its permitted calls): reads first, then these in this order.
 */
const LAST = [
  'returnRentals',
  'printRentalLabel',
  'holdOrder',
  'unholdOrder',
  'cancelOrder',
  'removeProposedTitleAutoAdoption',
  'convertMaterialProposedToActualTitle',
  'closeEndedFunding',
];

/** The portal's contracts in the order the matrix calls them. */
export function matrixContracts(): NamedContract[] {
  const served = exportedContracts().filter((c) => c.contract.access?.kind !== 'printAgent');
  const order = (c: NamedContract) => {
    const last = LAST.indexOf(c.name);
    if (last >= 0) return 2 + last;
    return c.contract.method === 'GET' ? 0 : 1;
  };
  return served.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

/**
 * The authorization matrix on one engine: every contract the portal serves, called by every
 * kind of caller about items inside and outside their scope, each answer checked against the
 * contract's `access` declaration (docs/testing-authorization-matrix.md).
 */
export function describeMatrix(engine: Engine, filter: (c: NamedContract) => boolean = () => true) {
  describe(`authorization matrix (${engine})`, () => {
    let ctx: TestContext;
    let world: MatrixWorld;
    beforeAll(async () => {
      ctx = await createTestApp(engine);
      world = await matrixWorld(ctx);
    });
    afterAll(async () => {
      // Mail and import checks the calls started run after their answers: let them finish.
      await ctx?.background.drain();
      await ctx?.close();
    });

    it('catches a declaration the server does not keep', async () => {
      // The funding sources' list claims CREATE_USER: the matrix must see that the funding
      // managers are answered and the permission administrator refused.
      const named = matrixContracts().find((c) => c.name === 'getFundingSources')!;
      const lying = {
        ...named,
        contract: {
          ...named.contract,
          access: { kind: 'action', anyOf: ['CREATE_USER'], scope: 'store' } as const,
        },
      };
      const failures = await runContract(ctx, world, lying);
      expect(failures.join('\n')).toMatch(/cmaMember asking about .*: expected 403 .*; got 200/);
      expect(failures.join('\n')).toMatch(/permissionAdmin asking about .*: expected an answer/);
    });

    for (const named of matrixContracts().filter(filter)) {
      it(named.name, async () => {
        const failures = await runContract(ctx, world, named);
        if (failures.length > 0) throw new Error(`\n${failures.join('\n')}`);
      });
    }
  });
}
