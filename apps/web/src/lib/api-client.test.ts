import { describe, expect, it } from 'vitest';
import { getUserActions, getWebsite, login } from '@csp/contracts';
import { json, offContract, stubFetch } from '../test/fetch-stub.ts';
import { WEBSITE } from '../test/fixtures.ts';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  apiCall,
  onApiResponse,
  type ApiResponseInfo,
} from './api-client.ts';

describe('apiCall', () => {
  it('fills the path, sends the query and the Auth-Token header, and returns parsed data', async () => {
    const { calls } = stubFetch({
      'GET /app-rest/admin_portal/v1/7/getUserActions': () =>
        json(200, { actions: ['VIEW_SECTION'] }),
    });
    const result = await apiCall(
      getUserActions,
      { params: { userAccountId: 7 }, query: { user_name: 'pat@example.edu' } },
      'tok-1',
    );
    expect(result.actions).toEqual(['VIEW_SECTION']);
    expect(calls[0]?.url.searchParams.get('user_name')).toBe('pat@example.edu');
    expect(calls[0]?.headers.get('Auth-Token')).toBe('tok-1');
  });

  it('sends no Auth-Token without a token, and a JSON body', async () => {
    const { calls } = stubFetch({
      'POST /app-rest/admin_portal/v1/account/login': () => json(401, { message: 'Nope.' }),
    });
    await expect(apiCall(login, { body: { userName: 'pat', password: 'pw' } })).rejects.toThrow();
    expect(calls[0]?.headers.has('Auth-Token')).toBe(false);
    expect(calls[0]?.body).toEqual({ userName: 'pat', password: 'pw' });
  });

  it('throws ApiRequestError with the status, server message and field', async () => {
    stubFetch({
      'GET /app-rest/portal/v1/website': () =>
        json(400, { message: 'searchString is required', field: 'searchString' }),
    });
    const error = await apiCall(getWebsite, { query: { searchString: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: 'searchString is required' });
    expect((error as ApiRequestError).field).toBe('searchString');
  });

  it('falls back to the default message when the error body is not the API shape', async () => {
    stubFetch({ 'GET /app-rest/portal/v1/website': () => new Response('boom', { status: 502 }) });
    await expect(apiCall(getWebsite, { query: { searchString: 'x' } })).rejects.toMatchObject({
      status: 502,
      message: DEFAULT_ERROR_MESSAGE,
    });
  });

  it('rejects a response that does not match the contract', async () => {
    stubFetch({
      'GET /app-rest/portal/v1/website': () => offContract(json(200, { ...WEBSITE, id: 'one' })),
    });
    await expect(apiCall(getWebsite, { query: { searchString: 'x' } })).rejects.toMatchObject({
      message: DEFAULT_ERROR_MESSAGE,
    });
  });

  it('tells listeners the status and roles version of every call made with a token', async () => {
    stubFetch({
      'GET /app-rest/admin_portal/v1/7/getUserActions': () =>
        new Response(JSON.stringify({ actions: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Roles-Version': '2.17' },
        }),
      'POST /app-rest/admin_portal/v1/account/login': () => json(401, { message: 'Nope.' }),
    });
    const heard: ApiResponseInfo[] = [];
    const stop = onApiResponse((info) => heard.push(info));
    await apiCall(
      getUserActions,
      { params: { userAccountId: 7 }, query: { user_name: 'pat@example.edu' } },
      'tok-1',
    );
    await apiCall(login, { body: { userName: 'pat', password: 'pw' } }).catch(() => undefined);
    stop();
    await apiCall(
      getUserActions,
      { params: { userAccountId: 7 }, query: { user_name: 'pat@example.edu' } },
      'tok-1',
    );
    expect(heard).toEqual([{ status: 200, token: 'tok-1', rolesVersion: '2.17' }]);
  });
});
