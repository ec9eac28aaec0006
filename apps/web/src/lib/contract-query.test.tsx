import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createUserAccount, getUserActions, getWebsite } from '@csp/contracts';
import { SessionProvider } from '../platform/session/session-context.tsx';
import { SessionStore } from '../platform/session/session-store.ts';
import { json, stubFetch } from '../test/fetch-stub.ts';
import { sessionResponse } from '../test/fixtures.ts';
import { ApiRequestError } from './api-client.ts';
import { contractQueryKey, useContractMutation, useContractQuery } from './contract-query.ts';

const ACTIONS = 'GET /app-rest/admin_portal/v1/7/getUserActions';
const actionsInput = (user: string) => ({
  params: { userAccountId: 7 },
  query: { user_name: user },
});

type SessionApi = ConstructorParameters<typeof SessionStore>[0];

/** Only login is reached in these tests: the session store is the source of the token. */
function fakeSessionApi(token = 'token-1'): SessionApi {
  const unused = () => Promise.reject(new Error('not used here'));
  return {
    login: async () => sessionResponse({ token }),
    resume: unused,
    logout: unused,
    getUserActions: unused,
    exchangeSamlTicket: unused,
    fetchCurrentSession: unused,
  };
}

/** Providers around a hook, with a session store signed in as Pat (account 7). */
async function signedInWrapper(token?: string) {
  const store = new SessionStore(fakeSessionApi(token));
  await store.login('pat@example.edu', 'pw');
  return wrapperFor(store);
}

function wrapperFor(store: SessionStore) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionProvider store={store}>{children}</SessionProvider>
    </QueryClientProvider>
  );
  return { wrapper, client };
}

describe('useContractQuery', () => {
  it('sends the session token to an auth endpoint and returns the parsed answer', async () => {
    const { calls } = stubFetch({
      [ACTIONS]: () => json(200, { actions: ['VIEW_SECTION'] }),
    });
    const { wrapper } = await signedInWrapper('tok-signed-in');
    const { result } = renderHook(
      () => useContractQuery(getUserActions, actionsInput('pat@example.edu')),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual({ actions: ['VIEW_SECTION'] }));
    const call = calls.find((c) => c.url.pathname.endsWith('/getUserActions'));
    expect(call?.headers.get('Auth-Token')).toBe('tok-signed-in');
  });

  it('sends no token to a public endpoint and waits with an auth endpoint when signed out', async () => {
    const { calls } = stubFetch({
      'GET /app-rest/portal/v1/website': () => json(400, { message: 'Unknown host' }),
    });
    const { wrapper } = wrapperFor(new SessionStore(fakeSessionApi()));
    const { result } = renderHook(
      () => ({
        site: useContractQuery(getWebsite, { query: { searchString: 'x' } }),
        actions: useContractQuery(getUserActions, actionsInput('pat@example.edu')),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.site.isError).toBe(true));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.has('Auth-Token')).toBe(false);
    expect(result.current.actions.fetchStatus).toBe('idle');
  });

  it('keys the query by endpoint and input, whatever order the input was written in', () => {
    const a = contractQueryKey(getUserActions, actionsInput('a@example.edu'));
    const b = contractQueryKey(getUserActions, actionsInput('b@example.edu'));
    const client = new QueryClient();
    const hash = (key: readonly unknown[]) =>
      client.getQueryCache().build(client, { queryKey: key });
    expect(hash(a).queryHash).not.toBe(hash(b).queryHash);
    const reordered = contractQueryKey(getUserActions, {
      query: { user_name: 'a@example.edu' },
      params: { userAccountId: 7 },
    });
    expect(hash(reordered).queryHash).toBe(hash(a).queryHash);
  });

  it('aborts the older request when the input changes', async () => {
    const { wrapper } = await signedInWrapper();
    // The first user's answer never comes: only an abort ends that request.
    const signals = new Map<string, AbortSignal>();
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const user = new URL(String(input), window.location.origin).searchParams.get('user_name');
        if (init?.signal && user) signals.set(user, init.signal);
        if (user === 'slow@example.edu') {
          return new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            ),
          );
        }
        return Promise.resolve(json(200, { actions: ['ADOPT_COURSE'] }));
      }),
    );
    const { result, rerender } = renderHook(
      ({ user }) => useContractQuery(getUserActions, actionsInput(user)),
      { wrapper, initialProps: { user: 'slow@example.edu' } },
    );
    await waitFor(() => expect(signals.has('slow@example.edu')).toBe(true));
    rerender({ user: 'fast@example.edu' });
    await waitFor(() => expect(result.current.data).toEqual({ actions: ['ADOPT_COURSE'] }));
    expect(signals.get('slow@example.edu')?.aborted).toBe(true);
    expect(signals.get('fast@example.edu')?.aborted).toBe(false);
  });

  it('surfaces a refused call as ApiRequestError with the server’s message', async () => {
    stubFetch({
      [ACTIONS]: () => json(403, { message: 'You may not do that.' }),
    });
    const { wrapper } = await signedInWrapper();
    const { result } = renderHook(
      () => useContractQuery(getUserActions, actionsInput('pat@example.edu')),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiRequestError);
    expect(result.current.error).toMatchObject({ status: 403, message: 'You may not do that.' });
  });
});

describe('useContractMutation', () => {
  it('sends the input with the token and rejects with ApiRequestError', async () => {
    const { calls } = stubFetch({
      'POST /app-rest/admin_portal/v1/7/createUserAccount': () =>
        json(409, { message: 'That user already exists.', field: 'newUsername' }),
    });
    const { wrapper } = await signedInWrapper('tok-m');
    const { result } = renderHook(() => useContractMutation(createUserAccount), { wrapper });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .mutateAsync({
          params: { userAccountId: 7 },
          query: { newUsername: 'sam@example.edu', name: 'Sam' },
        })
        .catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, field: 'newUsername' });
    const call = calls.find((c) => c.url.pathname.endsWith('/createUserAccount'));
    expect(call?.headers.get('Auth-Token')).toBe('tok-m');
    expect(call?.url.searchParams.get('newUsername')).toBe('sam@example.edu');
  });
});
