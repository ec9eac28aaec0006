import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, getUserActions, type SsoSession } from '@csp/contracts';
import { buildApp } from '../../app.ts';
import { createDb, type Database } from '../../db/client.ts';
import {
  createSamlTestApp,
  exchange,
  HOST,
  postToAcs,
  startLogin,
  ticketOf,
  type SamlTestContext,
} from '../../test-support/saml-test-app.ts';
import { authHeaders, testEngines } from '../../test-support/test-app.ts';

const runOnPostgres = (await testEngines()).includes('postgres');

/**
 * Single sign-on behind a load balancer: the login starts on one process, the identity
 * provider's answer reaches another, and the ticket is exchanged on the first. Everything a
 * sign-in needs (outstanding requests, replay ids, tickets, keys) lives in the database, so a
 * second app with its own connection pool stands for a second process.
 */
describe.skipIf(!runOnPostgres)('SAML sign-in across two processes (postgres)', () => {
  let one: SamlTestContext;
  let secondDb: Database;
  let two: SamlTestContext;
  let secondApp: FastifyInstance;

  beforeAll(async () => {
    one = await createSamlTestApp('postgres');
    secondDb = await createDb({ engine: 'postgres', url: one.database.url ?? '', poolSize: 2 });
    secondApp = await buildApp({ db: secondDb.db, config: one.config });
    await secondApp.ready();
    two = { ...one, app: secondApp };
  });
  afterAll(async () => {
    await secondApp?.close();
    await secondDb?.close();
    await one?.close();
  });

  it('accepts the IdP answer on one process and the ticket on the other', async () => {
    const request = await startLogin(one);
    const response = await one.idp.loginResponse(one.sp, request.id, 'admin@store-a.test');
    const acs = await postToAcs(two, response, request.relayState);
    expect(acs.statusCode).toBe(302);
    const ticket = ticketOf(String(acs.headers.location));

    const exchanged = await exchange(one, ticket);
    expect(exchanged.statusCode).toBe(200);
    const session = exchanged.json<SsoSession>();
    // Used once, whichever process is asked again.
    expect((await exchange(two, ticket)).statusCode).toBe(401);

    const res = await secondApp.inject({
      url: `${fillPath(getUserActions.path, { userAccountId: session.userAccountID })}?user_name=${session.userName}`,
      headers: authHeaders(HOST, session.token),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses the same IdP answer replayed to the other process', async () => {
    const request = await startLogin(two);
    const response = await two.idp.loginResponse(two.sp, request.id, 'admin@store-a.test');
    expect((await postToAcs(one, response, request.relayState)).statusCode).toBe(302);
    const replay = await postToAcs(two, response, request.relayState);
    expect(String(replay.headers.location)).toContain('loginError=SAMLloginerror');
  });
});
