import { z } from 'zod';
import { withoutNul } from './errors.ts';

/** An optional text filter of at most `max` characters; blank means "not given" (undefined). */
export const optionalText = (max: number) =>
  withoutNul(z.string().trim().max(max, `must be at most ${max} characters`))
    .optional()
    .transform((value) => (value ? value : undefined));

/** A request's section date window (either end optional) may not end before it starts. */
export function refineSectionDates(
  body: { sectionStartDate?: string | undefined; sectionEndDate?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.sectionStartDate && body.sectionEndDate && body.sectionEndDate < body.sectionStartDate)
    ctx.addIssue({
      code: 'custom',
      path: ['sectionEndDate'],
      message: 'must be on or after sectionStartDate',
    });
}
