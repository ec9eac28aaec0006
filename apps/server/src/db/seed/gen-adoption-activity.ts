import type { adoptionActivity } from '../schema/index.ts';
import type { AdoptionData } from './gen-adoptions.ts';
import { rngFor, type GenContext } from './store-plan.ts';

const QUESTIONS = [
  'Is this the edition you want? The publisher has released a newer one.',
  'This title is out of print. Would a digital version work for your students?',
  'Can you confirm the enrollment estimate? It is well above last term.',
  'Should this be required, or recommended only?',
];
const REPLIES = [
  'Yes, keep this edition: the problem sets match the syllabus.',
  'Digital is fine, thank you.',
  'Confirmed: we added a second lab section.',
];

/**
 * Each adoption's history: its creation by the submitter and, for those awaiting or having had
 * a response, the store's question (which notified the submitter) and the submitter's reply.
 * Its own PRNG stream, so the other tables' data do not change with it.
 */
export function generateAdoptionActivity(
  ctx: GenContext,
  adoptions: AdoptionData,
): (typeof adoptionActivity.$inferInsert)[] {
  const rng = rngFor(ctx.plan, 7);
  const staff = ctx.plan.adoptionCreatorIds;
  const rows: (typeof adoptionActivity.$inferInsert)[] = [];
  for (const a of adoptions.adoptionMaterials) {
    const created = a.createdAt ?? new Date();
    rows.push({
      locationId: a.locationId,
      adoptionMaterialId: a.id as number,
      actorAccountId: a.createdBy ?? null,
      action: 'CREATED',
      at: created,
      details: {},
    });
    if (a.messagingStatus === 'NONE' || a.messagingStatus === undefined) continue;
    const asked = new Date(
      Math.min((a.updatedAt ?? created).getTime(), ctx.today.getTime() - 3_600_000),
    );
    rows.push({
      locationId: a.locationId,
      adoptionMaterialId: a.id as number,
      // The store asks: an account other than the submitter when there is one.
      actorAccountId: staff.find((id) => id !== a.createdBy) ?? staff[0] ?? null,
      action: 'MESSAGE_POSTED',
      at: asked,
      details: { message: rng.pick(QUESTIONS), notifySubmitter: true, ccEmailList: [] },
    });
    if (a.messagingStatus === 'RESPONDED')
      rows.push({
        locationId: a.locationId,
        adoptionMaterialId: a.id as number,
        actorAccountId: a.createdBy ?? null,
        action: 'MESSAGE_POSTED',
        at: new Date(asked.getTime() + 1_800_000),
        details: { message: rng.pick(REPLIES), notifySubmitter: false, ccEmailList: [] },
      });
  }
  return rows;
}
