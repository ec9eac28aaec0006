import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAdoptionMaterialHistoryItems,
  postAdoptionMaterialMessage,
  type AdoptionHistoryItem,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { useUpMailAllowance } from '../../../test-support/mail-allowance.ts';
import {
  decodeQuotedPrintable,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { one } from '../../../test-support/one-row.ts';
import {
  addAccount,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
const HOUR = 3_600_000;

/**
 * The e-mail of adoption messages: copies go only to people the store knows, each account and
 * the store send at most so many an hour, and each message names who sent it.
 */
describe.each(engines)('adoption messages by e-mail (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let adoptionId = 0;
  // The limits' clock: a test moves it on an hour to start a fresh window.
  let clock = Date.now();
  const who: Record<'admin' | 'busy' | 'other', Caller> = {} as never;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, {
      config: { smtpUrl: smtp.url },
      throttleClock: () => new Date(clock),
    });
    const { db } = ctx;
    const { locations, catalog, accounts } = ctx.fixture;
    const title = one(
      await db
        .insert(t.titles)
        .values({ locationId: locations.a, ean13: '9780306406157', description: 'Cells' })
        .returning({ id: t.titles.id }),
    );
    adoptionId = one(
      await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: locations.a,
          courseId: catalog.courseId,
          titleId: title.id,
          adoptionType: 'SECTION_ADOPTION',
          startDate: '2026-08-01',
          createdBy: accounts.submitterDepartment.id,
        })
        .returning({ id: t.adoptionMaterials.id }),
    ).id;
    await db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: adoptionId, sectionId: catalog.sectionId });
    // A teaching assistant's account with a private address, outside the store's domain.
    await addAccount(db, locations.a, 'TA.Person@Gmail.example');
    const gone = await addAccount(db, locations.a, 'former@elsewhere.example');
    await db.update(t.userAccounts).set({ active: false }).where(eq(t.userAccounts.id, gone.id));
    await addAccount(db, locations.a, 'busy@store-a.test', [{ role: 'CMA_MEMBER' }]);
    await addAccount(db, locations.a, 'other@store-a.test', [{ role: 'CMA_MEMBER' }]);
    who.admin = await signIn(ctx, accounts.admin.userName);
    who.busy = await signIn(ctx, 'busy@store-a.test');
    who.other = await signIn(ctx, 'other@store-a.test');
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const post = (caller: Caller, body: object) =>
    callAs(ctx, caller, postAdoptionMaterialMessage, {
      body: { adoptionMaterialId: adoptionId, ...body },
    });
  const messages = async () =>
    (
      await callAs(ctx, who.admin, getAdoptionMaterialHistoryItems, {
        query: { adoptionMaterialId: adoptionId },
      })
    )
      .json<AdoptionHistoryItem[]>()
      .filter((h) => h.action === 'MESSAGE_POSTED')
      .map((h) => h.message);
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  it('refuses a copy to anyone the store does not know, naming them, and sends nothing', async () => {
    for (const [outsider, words] of [
      ['stranger@example.com', 'stranger@example.com is not an account of this store'],
      // Another store's account, and this store's deactivated one: not people it knows now.
      ['admin@store-b.test', 'admin@store-b.test is not an account of this store'],
      ['former@elsewhere.example', 'former@elsewhere.example is not an account'],
    ] as const) {
      const res = await post(who.admin, {
        message: `Please look at this (${outsider})`,
        notifySubmitter: true,
        ccEmailList: ['colleague@store-a.test', outsider],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('ccEmailList');
      expect(res.json().message).toContain(words);
    }
    const two = await post(who.admin, {
      message: 'Two outsiders',
      ccEmailList: ['One@Example.com', 'two@example.org'],
    });
    expect(two.json()).toEqual({
      message:
        'Copies can only go to people this store knows: one@example.com and two@example.org are not accounts of this store or addresses at its domains.',
      field: 'ccEmailList',
    });
    await ctx.background.drain();
    expect(smtp.messages).toEqual([]);
    expect(await messages()).toEqual([]);
  });

  it("copies the store's accounts, whatever their domain, and addresses at its domains", async () => {
    const res = await post(who.admin, {
      message: 'Is the 2nd edition acceptable?',
      ccEmailList: ['ta.person@GMAIL.example', 'Buyer@Store-A.test'],
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.background.drain();
    expect((await smtp.take('ta.person@gmail.example')).raw).toContain('2nd edition');
    expect((await smtp.take('buyer@store-a.test')).raw).toContain('2nd edition');
  });

  it('names who sent it and through which store, and sends replies to them', async () => {
    await post(who.admin, {
      message: 'Ordering 40 copies.',
      notifySubmitter: true,
    });
    await ctx.background.drain();
    const mail = await smtp.take(ctx.fixture.accounts.submitterDepartment.userName);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Reply-To: admin@store-a\.test\r?$/m);
    // The store's name on MAIL_FROM's address (store settings: e-mail sender name).
    expect(text).toMatch(/^From: Store A <test@localhost>\r?$/m);
    expect(text).toContain('Sent by admin (admin@store-a.test) through Store A.');
  });

  it('refuses the 31st e-mailed message of an hour for that account, not for another', async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await post(who.busy, {
        message: `Note ${i}`,
        ccEmailList: ['buyer@store-a.test'],
      });
      expect(res.statusCode, `message ${i}: ${res.body}`).toBe(200);
    }
    const refused = await post(who.busy, {
      message: 'Note 31',
      ccEmailList: ['buyer@store-a.test'],
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(
      /^You have e-mailed 30 messages in the last hour\. Try again in \d+ minutes\.$/,
    );
    // The 30th posted again (a retry, a second press) is answered as it was, not refused.
    const repost = await post(who.busy, {
      message: 'Note 30',
      ccEmailList: ['buyer@store-a.test'],
    });
    expect(repost.statusCode, repost.body).toBe(200);
    // A message that e-mails nobody is not held back.
    expect((await post(who.busy, { message: 'Just a note' })).statusCode).toBe(200);
    expect((await post(who.other, { message: 'Mine', notifySubmitter: true })).statusCode).toBe(
      200,
    );
    await ctx.background.drain();
    expect(mailsTo('buyer@store-a.test').filter((m) => /Note \d+/.test(m.raw))).toHaveLength(30);
    expect(smtp.messages.some((m) => m.raw.includes('Note 31'))).toBe(false);
    expect(await messages()).not.toContain('Note 31');
  });

  it('refuses everyone once the store has e-mailed 300 messages in an hour', async () => {
    await useUpMailAllowance(
      ctx.db,
      'message',
      { locationId: ctx.fixture.locations.a },
      'store',
      new Date(clock),
    );
    const before = smtp.messages.length;
    const refused = await post(who.other, {
      message: 'One more',
      ccEmailList: ['buyer@store-a.test'],
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(
      /^This store has e-mailed 300 messages in the last hour\. Try again in /,
    );
    await ctx.background.drain();
    expect(smtp.messages.length).toBe(before);
    // An hour later the window is over.
    clock += HOUR + 1000;
    const later = await post(who.busy, {
      message: 'Next hour',
      ccEmailList: ['buyer@store-a.test'],
    });
    expect(later.statusCode, later.body).toBe(200);
  });
});
