import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdoption,
  getAdoptionMaterialHistoryItems,
  modifyAdoption,
  postAdoptionMaterialMessage,
  removeAdoptionFromSection,
  type AdoptionHistoryItem,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { TODAY, wizardWorld, type WizardWorld } from '../../test-support/adoption-wizard-world.ts';
import { one } from '../../test-support/one-row.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import type { Caller } from '../../test-support/permissions-test-support.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';

const engines = await testEngines();

/**
 * One rule says which adoptions a caller may act on at all, for reading its history and
 * messages, posting on it, and changing it: the instructor of section 001 (not 002) reaches
 * the adoptions that are (or were) on 001, and course adoptions, never one on 002 alone.
 */
describe.each(engines)('adoption: what an instructor reaches (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;
  const ids = { theirs: 0, others: 0, shared: 0, course: 0 };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
    const title = async (ean13: string) =>
      one(
        await ctx.db
          .insert(t.titles)
          .values({ locationId: ctx.fixture.locations.a, ean13, description: `Book ${ean13}` })
          .returning({ id: t.titles.id }),
      ).id;
    const adopt = async (material: object, sections: number[] | 'course') => {
      const res = await w.call(w.who.admin, createAdoption, {
        body: {
          adoptionCatalog: w.catalog,
          adoptionMaterial: { required: true, startDate: TODAY, ...material },
          ...(sections === 'course' ? { autoAdopt: true } : { sectionIdList: sections }),
        },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      return res.json<{ adoptionMaterial: { adoptionMaterialId: number } }>().adoptionMaterial
        .adoptionMaterialId;
    };
    const { s001, s002 } = w.sections;
    ids.theirs = await adopt({ titleId: w.titles.cells }, [s001]);
    ids.others = await adopt({ titleId: w.titles.genes }, [s002]);
    ids.shared = await adopt({ titleId: await title('9780131103627') }, [s001, s002]);
    ids.course = await adopt({ titleId: await title('9780262033848') }, 'course');
  });
  afterAll(async () => ctx?.close());

  const history = (who: Caller, id: number) =>
    w.call(who, getAdoptionMaterialHistoryItems, { query: { adoptionMaterialId: id } });
  const post = (who: Caller, id: number, message: string) =>
    w.call(who, postAdoptionMaterialMessage, { body: { adoptionMaterialId: id, message } });
  const outOfReach = { message: M.adoptionOutOfReach, field: 'adoptionMaterialId' };

  it('refuses the history, the messages and a post on an adoption of another section only (403, as a change is)', async () => {
    const { instructor, admin } = w.who;
    const read = await history(instructor, ids.others);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual(outOfReach);
    const posted = await post(instructor, ids.others, 'Can my students use this too?');
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toEqual(outOfReach);
    const changed = await w.call(instructor, modifyAdoption, {
      body: { adoptionMaterial: { adoptionMaterialId: ids.others, required: false } },
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual(outOfReach);
    const removed = await w.call(instructor, removeAdoptionFromSection, {
      body: { adoptionMaterialId: ids.others, sectionId: w.sections.s002, remove: true },
    });
    expect(removed.statusCode).toBe(403);
    // Nothing was posted; the course materials team still reads it all.
    const items = (await history(admin, ids.others)).json<AdoptionHistoryItem[]>();
    expect(items.map((i) => i.action)).toEqual(['CREATED']);
  });

  it('lets them read and post where the adoption covers their section: alone, shared, or course-wide', async () => {
    const { instructor } = w.who;
    for (const id of [ids.theirs, ids.shared, ids.course]) {
      expect((await history(instructor, id)).statusCode, `history of ${id}`).toBe(200);
      const posted = await post(instructor, id, `A question about adoption ${id}`);
      expect(posted.statusCode, posted.body).toBe(200);
    }
    // Reading a shared one is not changing it: that still needs every section it covers.
    const changed = await w.call(instructor, modifyAdoption, {
      body: { adoptionMaterial: { adoptionMaterialId: ids.shared, required: false } },
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual({ message: M.mayNotChangeShared });
  });

  it('keeps an adoption taken off their section within reach, so they can put it back', async () => {
    const { instructor } = w.who;
    const change = (remove: boolean) =>
      w.call(instructor, removeAdoptionFromSection, {
        body: { adoptionMaterialId: ids.shared, sectionId: w.sections.s001, remove },
      });
    expect((await change(true)).statusCode).toBe(200);
    expect((await history(instructor, ids.shared)).statusCode).toBe(200);
    const back = await change(false);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().removed).toBe(false);
  });
});
