import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LTI_LIMITS } from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { insertLtiRegistrations } from '../../test-support/lti-registration-rows.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import { sweepLtiRows } from './lti-sweep.ts';

const engines = await testEngines();
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(engines)('LTI sweep of outlived rows (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  it('deletes expired states, deep links and unused invites, spent pick codes and old log rows', async () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    const locationId = ctx.fixture.locations.a;
    const [registrationId] = await insertLtiRegistrations(ctx.db, locationId, 1);
    const state = { locationId, registrationId: registrationId!, nonce: 'n', targetLinkUri: 'x' };
    await ctx.db.insert(t.ltiLoginStates).values([
      { ...state, stateHash: 'old-state', expiresAt: past },
      { ...state, stateHash: 'live-state', expiresAt: future },
    ]);
    const link = { locationId, registrationId: registrationId!, deploymentId: '1', returnUrl: 'x' };
    await ctx.db.insert(t.ltiDeepLinks).values([
      { ...link, codeHash: 'old-link', expiresAt: past },
      { ...link, codeHash: 'live-link', expiresAt: future },
    ]);
    await ctx.db.insert(t.ltiRegistrationInvites).values([
      { codeHash: 'old-invite', locationId, expiresAt: past },
      { codeHash: 'live-invite', locationId, expiresAt: future },
      { codeHash: 'used-invite', locationId, expiresAt: past, registrationId, usedAt: past },
    ]);
    const keptDays = LTI_LIMITS.launchLogDays;
    const row = { locationId, outcome: 'LAUNCHED' as const, detail: '' };
    await ctx.db.insert(t.ltiLaunches).values([
      { ...row, contextId: 'picked-late', at: past, pickCodeHash: 'old', pickExpiresAt: past },
      { ...row, contextId: 'picking', at: past, pickCodeHash: 'live', pickExpiresAt: future },
      { ...row, contextId: 'too-old', at: new Date(now.getTime() - (keptDays + 1) * DAY_MS) },
      { ...row, contextId: 'kept', at: new Date(now.getTime() - (keptDays - 1) * DAY_MS) },
    ]);

    expect(await sweepLtiRows(ctx.db, now)).toEqual({
      loginStates: 1,
      deepLinks: 1,
      invites: 1,
      pickCodes: 1,
      launchLog: 1,
    });
    const states = await ctx.db.select().from(t.ltiLoginStates);
    expect(states.map((s) => s.stateHash)).toEqual(['live-state']);
    const links = await ctx.db.select().from(t.ltiDeepLinks);
    expect(links.map((l) => l.codeHash)).toEqual(['live-link']);
    const invites = await ctx.db.select().from(t.ltiRegistrationInvites);
    expect(invites.map((i) => i.codeHash).sort()).toEqual(['live-invite', 'used-invite']);
    const launches = await ctx.db
      .select({ contextId: t.ltiLaunches.contextId, pick: t.ltiLaunches.pickCodeHash })
      .from(t.ltiLaunches)
      .where(eq(t.ltiLaunches.locationId, locationId));
    expect(launches.sort((a, b) => a.contextId!.localeCompare(b.contextId!))).toEqual([
      { contextId: 'kept', pick: null },
      { contextId: 'picked-late', pick: null },
      { contextId: 'picking', pick: 'live' },
    ]);
  });
});
