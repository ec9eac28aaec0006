import { z } from 'zod';

/** Every error the API returns has this shape; `field` names the offending input when known. */
export const apiError = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;
