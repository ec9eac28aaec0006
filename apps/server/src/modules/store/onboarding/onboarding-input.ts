import { brandColourProblem, websiteSearchString } from '@csp/contracts';
import { z } from 'zod';

/** A host name or address as the host rule stores it (docs/behaviour/calls.md#host-rule). */
const HOST_PATTERN =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

const host = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(253, 'is longer than 253 characters')
  .transform((value) => websiteSearchString(value))
  .refine((value) => HOST_PATTERN.test(value), {
    message: 'is not a host name (letters, digits, dots and hyphens, e.g. bookstore.example.edu)',
  });

const brandColour = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = brandColourProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const publicUrl = z
  .string()
  .trim()
  .url('must be an address like https://bookstore.example.edu')
  .refine((value) => /^https?:\/\//.test(value), 'must start with https:// or http://')
  .transform((value) => new URL(value).origin);

const email = z.string().trim().toLowerCase().email('is not an e-mail address').max(254);
const personName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is longer than 200 characters');

export const websiteInput = z.object({
  host,
  siteTitle: z.string().trim().min(1, 'is required').max(120, 'is longer than 120 characters'),
  /** The website's short name (shown beside the logo); the store's name when not given. */
  siteName: z.string().trim().min(1).max(80, 'is longer than 80 characters').optional(),
  primary: brandColour.default('#1a3d6d'),
  secondary: brandColour.default('#8d2a1e'),
  publicUrl: publicUrl.optional(),
});
export type WebsiteInput = z.infer<typeof websiteInput>;

export const storeInput = z.object({
  name: z.string().trim().min(1, 'is required').max(200, 'is longer than 200 characters'),
  /** The store's own code, unique in the deployment (imports and exports name it). */
  ref: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/, 'must be 2-40 letters, digits, - or _')
    .transform((value) => value.toUpperCase()),
  taxRatePercent: z.coerce
    .number({ message: 'must be a number' })
    .min(0, 'cannot be negative')
    .max(25, 'is over 25 %')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
      message: 'has more than two decimals',
    })
    .default(0),
  emailDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'is not a domain like example.edu'),
    )
    .default([]),
  website: websiteInput,
  admin: z.object({ email, name: personName }),
});
export type StoreInput = z.infer<typeof storeInput>;

export const inviteInput = z.object({ email, name: personName });

/** The store code made from its name when none is given: "Demo University" -> DEMO-UNIVERSITY. */
export function refFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .toUpperCase();
}

/** Base of a website's file names (config JSON, logos): its host made safe for a path. */
export function fileBaseFromHost(hostName: string): string {
  return hostName.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'website';
}

/** "--admin-email: is not an e-mail address" for each problem zod found. */
export function describeIssues(error: z.ZodError, optionNames: Record<string, string>): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join('.');
      const option = optionNames[path] ?? path;
      return `${option}: ${issue.message}`;
    })
    .join('\n');
}
