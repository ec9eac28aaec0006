import type { OrderableItem } from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { itemOfField } from './create-order-draft.ts';
import { fundingFieldError } from './create-order-funding.ts';

/** The server's message, said about the title or the choice its field names. */
export function orderErrorMessage(
  error: Error,
  draft: Parameters<typeof itemOfField>[0],
  items: readonly OrderableItem[],
): string {
  const field = error instanceof ApiRequestError ? error.field : undefined;
  const item = itemOfField(draft, items, field);
  if (item) return `${item.title}: ${error.message}`;
  if (field === 'shippingMethod') return `Shipping method: ${error.message}`;
  const promotion = fundingFieldError(error, 'promotionCode');
  if (promotion !== null) return `Promotion code: ${promotion}`;
  const max = fundingFieldError(error, 'maxCents');
  if (max !== null) return `Pay at most: ${max}`;
  return error.message;
}
