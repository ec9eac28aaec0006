import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { returnErrorMessage, returnErrorText } from './return-errors.ts';

describe('return errors (docs/behaviour/messages.md, verbatim)', () => {
  it.each([
    [400, 'Choose a condition.', 'Error Returning Rentals: Choose a condition.'],
    [403, 'anything', 'Error Returning Rentals: You do not have permissions to return rentals'],
    [404, 'No such student', 'Error Returning Rentals: Customer not found'],
    [415, 'The ShipFrom address is incomplete', 'Error Returning Rentals: Invalid Address'],
    [
      500,
      "The store's return address (shipFrom) is bad",
      'Error Returning Rentals: Invalid Address',
    ],
    [415, 'Unsupported media', 'Error Returning Rentals: Unsupported media'],
    [500, 'Database away', 'Error Returning Rentals: Database away'],
  ])('%i %s', (status, message, expected) => {
    expect(returnErrorText(status, message)).toBe(expected);
  });

  it('reads the status and message of a failed call, and of anything else', () => {
    expect(returnErrorMessage(new ApiRequestError(404, 'x'))).toBe(
      'Error Returning Rentals: Customer not found',
    );
    expect(returnErrorMessage(new Error('boom'))).toBe(
      'Error Returning Rentals: An unexpected error occurred.',
    );
  });
});
