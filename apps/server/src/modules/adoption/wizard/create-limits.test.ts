import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdoption, type CreateAdoptionBody } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { useUpMailAllowance } from '../../../test-support/mail-allowance.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import {
  CREATE_ANSWERS,
  wizardWorld,
  type WizardWorld,
} from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

/** A submitter's adoption is e-mailed to the course materials team: the hourly mail limits. */
describe.each(engines)('adoption wizard: createAdoption within the mail limits (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let w: WizardWorld;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { config: { smtpUrl: smtp.url } });
    w = await wizardWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const answers = CREATE_ANSWERS;
  const body = (extra: Partial<CreateAdoptionBody>): CreateAdoptionBody => ({
    adoptionCatalog: w.catalog,
    adoptionMaterial: { ...answers, titleId: w.titles.cells },
    autoAdopt: false,
    sectionIdList: [w.sections.s001],
    ...extra,
  });
  const create = (who: Caller, b: CreateAdoptionBody) => w.call(who, createAdoption, { body: b });
  const adoptionCount = async () =>
    (
      await ctx.db
        .select({ id: t.adoptionMaterials.id })
        .from(t.adoptionMaterials)
        .where(eq(t.adoptionMaterials.courseId, ctx.fixture.catalog.courseId))
    ).length;

  it("refuses a submitter's adoption over the hourly limit of those e-mailed to the team, adopting nothing", async () => {
    const { locations, accounts } = ctx.fixture;
    const section = await w.addSection('009', 20);
    const [title] = await ctx.db
      .insert(t.titles)
      .values({ locationId: locations.a, ean13: '9780262033848', description: 'Algorithms' })
      .returning({ id: t.titles.id });
    const adopt = (who: Caller) =>
      create(
        who,
        body({
          adoptionMaterial: { ...answers, titleId: title?.id ?? 0 },
          sectionIdList: [section],
        }),
      );
    const who = { accountId: accounts.submitterDepartment.id, locationId: locations.a };
    await useUpMailAllowance(ctx.db, 'adoptionNotice', who, 'account');
    const before = await adoptionCount();
    const refused = await adopt(w.who.submitter);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json().message).toMatch(
      /^You have made 60 adoptions \(each is e-mailed to the course materials team\) in the last hour\. Try again in \d+ minutes\.$/,
    );
    await ctx.background.drain();
    expect(await adoptionCount()).toBe(before);
    // Nothing about this title was mailed (an earlier test's mail may still be arriving).
    expect(smtp.messages.filter((m) => m.raw.includes('Algorithms'))).toEqual([]);
    // The course materials team's own adoptions e-mail nobody: not held back.
    await useUpMailAllowance(ctx.db, 'adoptionNotice', who, 'store');
    expect((await adopt(w.who.admin)).statusCode).toBe(200);
  });
});
