import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../lib/api-client.ts';
import { retryQuery } from './app-services.ts';

describe('retryQuery', () => {
  it('retries a failed query once', () => {
    const error = new ApiRequestError(503, 'Unavailable.');
    expect(retryQuery(0, error)).toBe(true);
    expect(retryQuery(1, error)).toBe(false);
    expect(retryQuery(0, new ApiRequestError(0, 'Offline.'))).toBe(true);
  });

  it('never asks again with a token the server refused (401) or for a refused action (403)', () => {
    expect(retryQuery(0, new ApiRequestError(401, 'Your session has ended.'))).toBe(false);
    expect(retryQuery(0, new ApiRequestError(403, 'Not allowed.'))).toBe(false);
  });
});
