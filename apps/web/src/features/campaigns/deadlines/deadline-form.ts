import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { DEADLINE_TEXT as T } from './deadline-text.ts';

/** The date field as the native input gives it: YYYY-MM-DD, or '' while no whole day is in. */
export const deadlineSchema = z.object({
  deadline: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, T.dayRequired),
});
export type DeadlineValues = z.infer<typeof deadlineSchema>;

/**
 * The server's words for the date field, when its refusal names it: "deadline: must be on or
 * before…" reads under the field without the path the label already says, as a sentence.
 * Null when the refusal is not about the field (a 404, a refusal, a lost connection).
 */
export function deadlineFieldMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.field !== 'deadline') return null;
  const { message } = error;
  const words = message.startsWith('deadline: ') ? message.slice('deadline: '.length) : message;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
