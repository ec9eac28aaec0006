import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import type { Endpoint } from '@csp/contracts';
import type { z } from 'zod';
import { useSession } from '../platform/session/session-context.tsx';
import { apiCall, ApiRequestError } from './api-client.ts';
import type { ApiCallOptions, ApiInput } from './api-client.ts';

/**
 * TanStack Query over the contracts: one hook for any endpoint instead of a hand-written
 * wrapper per call. The endpoint says whether the session's token goes along; the key is the
 * endpoint plus its input, so two screens asking the same thing share one answer.
 */

type AnyInput = ApiInput<z.ZodType, z.ZodType, z.ZodType>;

/**
 * The query key of a call. TanStack hashes objects with sorted keys, so the same input built in
 * any order (or as a new object on every render) gives the same key. Callers that update or
 * invalidate a cached answer build the key with this too, never by hand.
 */
export function contractQueryKey(endpoint: Pick<Endpoint, 'method' | 'path'>, input: AnyInput) {
  return ['api', endpoint.method, endpoint.path, input] as const;
}

export type ContractQueryKey = ReturnType<typeof contractQueryKey>;

// The thrown values are ApiRequestError (server answers, unreachable server); anything else is a
// programming error such as a missing path parameter, which TanStack types as Error.
type QueryOptionsFor<R extends z.ZodType> = Omit<
  UseQueryOptions<z.output<R>, Error, z.output<R>, ContractQueryKey>,
  'queryKey' | 'queryFn' | 'enabled'
> & { enabled?: boolean };

/**
 * Calls an endpoint with the signed-in session's token when the contract needs one. Returns
 * null for an `auth: true` endpoint while nobody is signed in: there is nothing to call with.
 */
export function useContractCall() {
  const token = useSession().session?.token;
  return useCallback(
    <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
      endpoint: Endpoint<P, Q, B, R>,
      input: ApiInput<P, Q, B>,
      options?: ApiCallOptions,
    ): Promise<z.output<R>> => {
      if (endpoint.auth && !token) return Promise.reject(new Error('Not signed in'));
      return apiCall(endpoint, input, endpoint.auth ? token : undefined, options);
    },
    [token],
  );
}

/**
 * A query of one endpoint. TanStack's abort signal is handed to fetch: when the input changes
 * (a new filter) the older request, which nobody watches any more, is cancelled instead of
 * finishing in the background. An `auth: true` query waits while nobody is signed in.
 */
export function useContractQuery<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(endpoint: Endpoint<P, Q, B, R>, input: ApiInput<P, Q, B>, options: QueryOptionsFor<R> = {}) {
  const signedIn = useSession().loggedIn;
  const call = useContractCall();
  const { enabled = true, ...rest } = options;
  return useQuery({
    ...rest,
    queryKey: contractQueryKey(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, input, { signal }),
    enabled: enabled && (signedIn || !endpoint.auth),
  });
}

/** Every authenticated call names the caller's own account in its path (docs/behaviour/calls.md). */
export function useCallerParams() {
  return { userAccountId: useSession().session?.accountId ?? 0 };
}

/**
 * A query's retry rule where a refusal or a bad input will not change on a retry (any 4xx) but a
 * lost connection or a 5xx may, once. After that the screen says so and offers its own retry
 * rather than keep the clerk waiting.
 */
export function retryUnlessRefused(failures: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

/** An endpoint in the caller's own account: its path names no more than the account. */
type CallerEndpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Endpoint<
  z.ZodType<unknown, { userAccountId: unknown }>,
  Q,
  B,
  R
>;

/**
 * A query in the caller's own account as most screens ask it: the account in the path, and a
 * refusal not retried. `options` adds what one screen needs (`enabled`, `staleTime`...).
 */
export function useCallerQuery<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  endpoint: CallerEndpoint<Q, B, R>,
  input: Omit<ApiInput<z.ZodType, Q, B>, 'params'> = {},
  options: QueryOptionsFor<R> = {},
) {
  return useContractQuery(
    endpoint,
    { ...input, params: useCallerParams() },
    { retry: retryUnlessRefused, ...options },
  );
}

/** Marks every cached answer of these endpoints stale, whatever their input, after a change. */
export function useInvalidateEndpoints() {
  const client = useQueryClient();
  return (endpoints: readonly Pick<Endpoint, 'method' | 'path'>[]) =>
    Promise.all(
      endpoints.map((endpoint) =>
        client.invalidateQueries({ queryKey: ['api', endpoint.method, endpoint.path] }),
      ),
    );
}

/** A mutation of one endpoint: `mutate(input)` sends the call, with the token when needed. */
export function useContractMutation<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  TContext = unknown,
>(
  endpoint: Endpoint<P, Q, B, R>,
  options: Omit<
    UseMutationOptions<z.output<R>, Error, ApiInput<P, Q, B>, TContext>,
    'mutationFn'
  > = {},
) {
  const call = useContractCall();
  return useMutation({ ...options, mutationFn: (input) => call(endpoint, input) });
}
