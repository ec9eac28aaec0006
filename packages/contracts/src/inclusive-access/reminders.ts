import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { IA_REMINDER_KINDS, IA_TERM_ACCESS } from './inclusive-access.ts';

/**
 * Reminders to students (issue 32, point 3). A scheduled job (IA_REMINDERS=on) e-mails each
 * student in at least one program of a term with an opt-out deadline: at the start of term
 * (TERM_START, from the term's first day until the deadline) and IA_DEADLINE_REMINDER_DAYS
 * before the deadline (DEADLINE_NEAR, until the deadline). One e-mail per student, term and
 * kind, listing their sections, materials, prices, the deadline and the link to their page; a
 * reminder not sent by the deadline is never sent. Staff see per term how many are planned,
 * sent and failing.
 */

export const iaReminderStatusParams = z.object({ userAccountId: dbIdParam, termId: dbIdParam });

export const iaReminderKindStatus = z.object({
  kind: z.enum(IA_REMINDER_KINDS),
  /** Reminders planned for the term (one per student in a program then). */
  planned: z.number().int(),
  sent: z.number().int(),
  /** Not sent: at least one send failed; retried on a later run until the deadline. */
  failing: z.number().int(),
  /** Not sent and never tried (or claimed by a run now), or given up at the deadline. */
  waiting: z.number().int(),
  /** When the last of them went, or null. */
  lastSentAt: z.string().nullable(),
});
export type IaReminderKindStatus = z.infer<typeof iaReminderKindStatus>;

export const iaReminderStatus = z.object({
  termId: z.number().int(),
  /** The term's opt-out deadline (YYYY-MM-DD), or null: no reminders without one. */
  deadline: z.string().nullable(),
  /** Each kind, in IA_REMINDER_KINDS order. */
  kinds: z.array(iaReminderKindStatus),
});
export type IaReminderStatus = z.infer<typeof iaReminderStatus>;

export const getIaReminderStatus = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/inclusiveAccess/terms/:termId/reminders`,
  summary:
    "A term's inclusive-access reminders to students by kind: how many are planned, sent, failing (retried until the deadline) and waiting",
  auth: true,
  access: IA_TERM_ACCESS,
  params: iaReminderStatusParams,
  response: iaReminderStatus,
});
