import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { cardStatus } from './card-status.ts';

const query = (over: Partial<Parameters<typeof cardStatus>[0][number]> = {}) => ({
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: () => undefined,
  ...over,
});

describe('cardStatus', () => {
  it('shows a failure at once, even while the other query still loads', () => {
    const status = cardStatus([
      query({ isError: true, error: new Error('down') }),
      query({ isPending: true }),
    ]);
    expect(status).toMatchObject({ kind: 'error', refused: null });
  });

  it('shows a retry on its way as loading, not as the error it is replacing', () => {
    const status = cardStatus([
      query({ isError: true, isFetching: true, error: new Error('down') }),
    ]);
    expect(status).toEqual({ kind: 'loading' });
  });

  it("quotes the server's refusal, which a retry would not change", () => {
    const refusal = new ApiRequestError(
      403,
      'You do not have permission to view on-time fulfilment.',
    );
    expect(cardStatus([query({ isError: true, error: refusal })])).toMatchObject({
      kind: 'error',
      refused: 'You do not have permission to view on-time fulfilment.',
    });
  });
});
