import type { z } from 'zod';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { departmentContactBody } from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';

export type ContactField = 'contactName' | 'contactEmail';
/** As typed (the fields hold text; null only comes from the contract's side). */
export type ContactValues = z.input<typeof departmentContactBody>;
/** As sent: trimmed, the address in lower case, blank as null. */
export type ContactBody = z.output<typeof departmentContactBody>;

/** "must be …" as a sentence under its field. */
const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const contractResolver = zodResolver(departmentContactBody);

/**
 * The contract's own rules for the fields (trimmed, the address in lower case, blank is none),
 * their words written as sentences under the fields.
 */
export const contactResolver: Resolver<ContactValues, unknown, ContactBody> = async (
  values,
  context,
  options,
) => {
  const result = await contractResolver(values, context, options);
  for (const error of Object.values(result.errors)) {
    if (error?.message) error.message = sentence(error.message);
  }
  return result;
};

/**
 * The server's words for a field its refusal names, as a sentence under that field:
 * "contactEmail: must be …" loses the path the label already says. Null when the refusal is
 * not about a field of the form (a 404, a refusal, a lost connection).
 */
export function contactFieldError(error: unknown): { field: ContactField; message: string } | null {
  if (!(error instanceof ApiRequestError)) return null;
  const { field, message } = error;
  if (field !== 'contactName' && field !== 'contactEmail') return null;
  const words = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return { field, message: sentence(words) };
}
