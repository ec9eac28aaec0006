import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { dbId, dbIdParam, withoutNul } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { adoptionAccountParams } from './adoption-lists.ts';

/** One entry of an adoption's history: what happened, who did it, when, and what changed. */
export const adoptionHistoryItem = z.object({
  id: z.number().int(),
  action: z.string(),
  label: z.string(),
  at: z.string(),
  actor: z.object({ userName: z.string(), name: z.string() }).nullable(),
  /** A posted message: its text, whether the submitter was notified, who was copied. */
  message: z.string().nullable(),
  notifySubmitter: z.boolean().nullable(),
  ccEmailList: z.array(z.string()),
  /** For a change: the fields before and after (e.g. a section and whether it was removed). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdoptionHistoryItem = z.infer<typeof adoptionHistoryItem>;

export const getAdoptionMaterialHistoryItems = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionMaterialHistoryItems`,
  summary: 'The history of one adoption, oldest first (its messages are MESSAGE_POSTED entries)',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog', otherSection: 403 },
  params: adoptionAccountParams,
  query: z.object({ adoptionMaterialId: dbIdParam }),
  response: z.array(adoptionHistoryItem),
});

const email = z.email({ error: 'must be e-mail addresses' }).max(254);

export const postAdoptionMaterialMessage = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/postAdoptionMaterialMessage`,
  summary:
    "Posts a message on an adoption's thread; notifying the submitter marks it response required",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog', otherSection: 403 },
  params: adoptionAccountParams,
  body: z.object({
    adoptionMaterialId: dbId,
    notifySubmitter: z.boolean().default(false),
    ccEmailList: z.array(email).max(20, 'can copy at most 20 addresses').default([]),
    message: withoutNul(
      z.string().trim().min(1, 'Enter a message.').max(4000, 'must be at most 4000 characters'),
    ),
  }),
  response: z.object({
    adoptionMaterialId: z.number().int(),
    adoptionMessagingStatusName: z.string(),
    posted: adoptionHistoryItem,
  }),
});

export const removeAdoptionFromSection = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/removeAdoptionFromSection`,
  summary: 'Removes a section adoption from one section (remove: false puts it back)',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog', otherSection: 403 },
  params: adoptionAccountParams,
  body: z.object({ adoptionMaterialId: dbId, sectionId: dbId, remove: z.boolean() }),
  response: z.object({
    adoptionMaterialId: z.number().int(),
    sectionId: z.number().int(),
    removed: z.boolean(),
  }),
});

export const removeProposedTitleAutoAdoption = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/material/removeProposedTitleAutoAdoption`,
  summary: "Ends a course (auto) adoption of a proposed title; it stays in the course's history",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog' },
  params: adoptionAccountParams,
  body: z.object({ adoptionMaterialId: dbId }),
  response: z.object({ adoptionMaterialId: z.number().int(), active: z.boolean() }),
});
