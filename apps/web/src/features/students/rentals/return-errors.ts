import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';

/** docs/behaviour/messages.md: every failed return starts with these words. */
export const RETURN_ERROR_PREFIX = 'Error Returning Rentals';

/**
 * docs/behaviour/messages.md, verbatim: 'Error Returning Rentals' and, by status, 400 the server's message, 403 a
 * fixed refusal, 404 'Customer not found', 415 or 500 'Invalid Address' when the message is
 * about the ShipFrom address, else the server's message. Other statuses (a lost connection)
 * carry the server's or the client's own message the same way as 400.
 */
export function returnErrorText(status: number, serverMessage: string): string {
  switch (status) {
    case 403:
      return `${RETURN_ERROR_PREFIX}: You do not have permissions to return rentals`;
    case 404:
      return `${RETURN_ERROR_PREFIX}: Customer not found`;
    case 415:
    case 500:
      return /shipfrom/i.test(serverMessage)
        ? `${RETURN_ERROR_PREFIX}: Invalid Address`
        : `${RETURN_ERROR_PREFIX}: ${serverMessage}`;
    default:
      return `${RETURN_ERROR_PREFIX}: ${serverMessage}`;
  }
}

/** The docs/behaviour/messages.md text for whatever a return call threw. */
export function returnErrorMessage(error: unknown): string {
  const status = error instanceof ApiRequestError ? error.status : 0;
  return returnErrorText(status, errorMessage(error));
}
