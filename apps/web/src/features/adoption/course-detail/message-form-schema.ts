import { z } from 'zod';

/** The contract allows copying at most this many addresses. */
export const MAX_CC = 20;

/** "a@x.edu, b@y.edu; c@z.edu" -> the addresses, however they are separated. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

const email = z.email();

/** The post form, checked as postAdoptionMaterialMessage will check it, with the user's words. */
export const messageFormSchema = z.object({
  message: z.string().trim().min(1, 'Enter a message.').max(4000, 'Use at most 4000 characters.'),
  notifySubmitter: z.boolean(),
  cc: z.string().superRefine((text, ctx) => {
    const list = splitEmails(text);
    const bad = list.filter((e) => !email.safeParse(e).success);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.length === 1 ? 'Not an e-mail address' : 'Not e-mail addresses'}: ${bad.join(', ')}`,
      });
    } else if (list.length > MAX_CC) {
      ctx.addIssue({ code: 'custom', message: `Copy at most ${MAX_CC} addresses.` });
    }
  }),
});

export type MessageFormValues = z.infer<typeof messageFormSchema>;

export const EMPTY_MESSAGE: MessageFormValues = { message: '', notifySubmitter: false, cc: '' };
