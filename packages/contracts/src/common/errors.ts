import { z } from 'zod';

/** Every error the API returns has this shape; `field` names the offending input when known. */
export const apiError = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** The largest id a PostgreSQL integer column holds. */
export const MAX_DB_ID = 2_147_483_647;

/** A row id in a body. */
export const dbId = z.number().int().positive().max(MAX_DB_ID, 'is not a known id');
/** A row id in a path or query string. */
export const dbIdParam = z.coerce.number().int().positive().max(MAX_DB_ID, 'is not a known id');

/**
 * Text the database can store: PostgreSQL refuses the NUL character in text, so input carrying
 * one is refused here, naming its field, instead of failing in SQL.
 */
export function withoutNul<T extends z.ZodType<string | undefined>>(schema: T) {
  return schema.refine((value) => value === undefined || !value.includes('\u0000'), {
    message: 'must not contain a NUL character',
  });
}

/**
 * How a validation failure becomes `{message, field}`, the same on every server of ours (the
 * portal and the print agent): the field is the failing value's path (`/user/name` ->
 * `user.name`), or the part of the request when the part itself failed (`body`, `querystring`).
 */
export function validationField(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context;
}

/** Zod says "expected string, received undefined" (or null) for a missing value: "is required". */
export function validationMessage(keyword: string, message: string, field: string): string {
  if (keyword === 'invalid_type' && /received (undefined|null)$/.test(message)) {
    return `${field} is required`;
  }
  return message;
}
