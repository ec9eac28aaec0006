import { afterEach, describe, expect, it } from 'vitest';
import { getUserActions } from '@csp/contracts';
import { apiCall } from '../lib/api-client.ts';
import { contractEndpointCount } from './contract-endpoints.ts';
import { answer, json, offContract, stubFetch, takeContractViolations } from './fetch-stub.ts';

const USER_ACTIONS = '/app-rest/admin_portal/v1/7/getUserActions';

describe('stubFetch holds fake answers to the contracts', () => {
  // Each test here breaks the contract on purpose and reads what the stub made of it.
  afterEach(() => void takeContractViolations());

  it('knows every endpoint the contracts export', () => {
    expect(contractEndpointCount()).toBeGreaterThan(100);
  });

  it('lets an answer that matches the contract through', async () => {
    stubFetch({
      [`GET ${USER_ACTIONS}`]: () => answer(getUserActions, { actions: ['VIEW_SECTION'] }),
    });
    const response = await fetch(USER_ACTIONS);
    expect(await response.json()).toEqual({ actions: ['VIEW_SECTION'] });
    expect(takeContractViolations()).toEqual([]);
  });

  it('fails a call whose 2xx answer breaks the contract, naming the endpoint and the field', async () => {
    stubFetch({ [`GET ${USER_ACTIONS}`]: () => json(200, { actions: ['NOT_AN_ACTION'] }) });
    await expect(fetch(USER_ACTIONS)).rejects.toThrow(
      /getUserActions \(GET \/app-rest\/admin_portal\/v1\/:userAccountId\/getUserActions\): actions\.0: /,
    );
    expect(takeContractViolations()).toHaveLength(1);
  });

  it('fails a JSON success at a status the contract does not answer JSON with', async () => {
    stubFetch({ [`GET ${USER_ACTIONS}`]: () => json(201, { actions: [] }) });
    await expect(fetch(USER_ACTIONS)).rejects.toThrow(
      'answers JSON with 201, but the contract getUserActions',
    );
    expect(takeContractViolations()).toHaveLength(1);
  });

  it('records the violation even when the app turns the failure into its own error', async () => {
    stubFetch({ [`GET ${USER_ACTIONS}`]: () => json(200, { actions: 'VIEW_SECTION' }) });
    await expect(
      apiCall(getUserActions, { params: { userAccountId: 7 }, query: { user_name: 'pat' } }, 't'),
    ).rejects.toThrow();
    const [violation] = takeContractViolations();
    expect(violation?.message).toMatch(/getUserActions .*: actions: /);
  });

  it('leaves error answers and answers marked off-contract alone', async () => {
    stubFetch({ [`GET ${USER_ACTIONS}`]: () => offContract(json(200, { actions: 'all' })) });
    expect((await fetch(USER_ACTIONS)).ok).toBe(true);
    stubFetch({ [`GET ${USER_ACTIONS}`]: () => json(403, { message: 'No.' }) });
    expect((await fetch(USER_ACTIONS)).status).toBe(403);
    expect(takeContractViolations()).toEqual([]);
  });

  it('fails a call to no contract endpoint, even one without a handler', async () => {
    stubFetch({});
    await expect(fetch('/app-rest/admin_portal/v1/7/noSuchCall')).rejects.toThrow(
      'GET /app-rest/admin_portal/v1/7/noSuchCall is no endpoint of @csp/contracts',
    );
    expect(takeContractViolations()).toHaveLength(1);
  });

  it('lets the listed non-contract calls through (DYMO Connect)', async () => {
    stubFetch({});
    const response = await fetch('https://127.0.0.1:41951/DYMO/DLS/Printing/StatusConnected');
    expect(response.status).toBe(404);
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses a handler for no contract endpoint', () => {
    expect(() => stubFetch({ 'GET /app-rest/portal/v1/nothing': () => json(200, {}) })).toThrow(
      "the handler 'GET /app-rest/portal/v1/nothing' is for no endpoint",
    );
  });

  it('still answers an unhandled contract call 404', async () => {
    stubFetch({});
    expect((await fetch(USER_ACTIONS)).status).toBe(404);
  });
});
