import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../app-deps.ts';
import { createDb, type Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import {
  locations,
  orders,
  rentalReminders,
  rentals,
  studentActivity,
  students,
  titles,
} from '../../../db/schema/index.ts';
import { BackgroundTasks } from '../../../lib/background-tasks.ts';
import { createMailer, type Mailer } from '../../../lib/mailer.ts';
import { createTestDatabase, testEngines } from '../../../test-support/test-database.ts';
import { seedTestFixture, type TestFixture } from '../../../test-support/test-fixture.ts';
import {
  decodeQuotedPrintable,
  startSmtpCapture,
  type CapturedMail,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.ts';
import { NO_EMAIL_OUTCOME, sendDueRentalReminders } from './job.ts';
import { registerReminderSchedule } from './schedule.ts';
import { isoDayPlus } from '../../../lib/iso-day.ts';
import { usDate } from './email.ts';

const engines = await testEngines();

/** A port nothing listens on: every send fails to connect. */
const DEAD_SMTP = 'smtp://127.0.0.1:9';

function mailerFor(url: string): Mailer {
  return createMailer({ smtpUrl: url, mailFrom: 'Store <store@test>', dataDir: '/nonexistent' });
}

/** Subject and decoded body of a captured message. */
function read(mail: CapturedMail): { subject: string; body: string } {
  const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
  return { subject, body: decodeQuotedPrintable(mail.raw) };
}

describe.each(engines)('rental due-date reminders on %s', (engine) => {
  let db: Db;
  let url: string | undefined;
  let close: () => Promise<void>;
  let fixture: TestFixture;
  let smtp: SmtpCapture;
  let mailer: Mailer;
  let titleIds: number[];
  let counter = 0;

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    ({ db, url, close } = database);
    fixture = await seedTestFixture(db);
    smtp = await startSmtpCapture();
    mailer = mailerFor(smtp.url);
    await db
      .update(locations)
      .set({
        name: 'Test Campus Store',
        returnAddressName: 'Test Campus Store Rental Returns',
        returnStreetOne: '1 College Way',
        returnStreetTwo: 'Dock 2',
        returnCity: 'Springfield',
        returnState: 'IL',
        returnPostalCode: '62701',
        returnPhone: '(217) 555-0100',
      })
      .where(eq(locations.id, fixture.locations.a));
    const rows = await db
      .insert(titles)
      .values(
        ['Principles of Biology', 'Organic Chemistry', 'Calculus'].map((description, i) => ({
          locationId: fixture.locations.a,
          ean13: `978000000000${i}`,
          description,
        })),
      )
      .returning({ id: titles.id });
    titleIds = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await smtp?.close();
    await close?.();
  });
  beforeEach(async () => {
    // Every test starts with no rentals: the job looks at every store's.
    await db.delete(rentalReminders);
    await db.delete(rentals);
    await db.delete(studentActivity);
    smtp.messages.length = 0;
  });

  async function addStudent(email?: string): Promise<{ id: number; email: string }> {
    counter++;
    const address = email ?? `student${counter}.${engine}@example.test`;
    const [row] = await db
      .insert(students)
      .values({
        locationId: fixture.locations.a,
        studentIdNum: String(800_000_000 + counter),
        firstName: `First${counter}`,
        lastName: `Last${counter}`,
        email: address,
      })
      .returning({ id: students.id });
    if (!row) throw new Error('student not created');
    return { id: row.id, email: address };
  }

  interface RentalOptions {
    title?: number;
    state?: 'OUTSTANDING' | 'IN_TRANSIT' | 'RETURNED';
    tracking?: string;
  }

  async function addRental(
    studentId: number,
    now: Date,
    dueInDays: number,
    options: RentalOptions = {},
  ): Promise<{ id: number; serial: string; dueDate: string }> {
    const [order] = await db
      .insert(orders)
      .values({
        locationId: fixture.locations.a,
        studentId,
        divisionId: fixture.catalog.divisionId,
        orderType: 'WEB',
        status: 'FULFILLED',
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order not created');
    counter++;
    const serial = `SER${counter}`;
    const dueDate = isoDayPlus(now, dueInDays);
    const [rental] = await db
      .insert(rentals)
      .values({
        locationId: fixture.locations.a,
        studentId,
        orderId: order.id,
        titleId: options.title ?? (titleIds[0] as number),
        serialItemRefNum: serial,
        serialItemLabel: `RTN-${order.id}`,
        dueDate,
        state: options.state ?? 'OUTSTANDING',
        trackingNumber: options.tracking ?? null,
        returnedAt: options.state === 'RETURNED' ? now : null,
      })
      .returning({ id: rentals.id });
    if (!rental) throw new Error('rental not created');
    return { id: rental.id, serial, dueDate };
  }

  const reminders = () =>
    queryRows<{ rentalId: number; kind: string; sent: boolean; outcome: string | null }>(
      db,
      sql`select rental_id as "rentalId", kind, sent_at is not null as sent, outcome
          from rental_reminders order by rental_id`,
    );

  it('sends each window its reminder: 10, 3 and 1 days before, and 1 day after', async () => {
    const now = new Date();
    const cases = [
      [10, 'DUE_IN_10', 'are due on'],
      [4, 'DUE_IN_10', 'are due on'],
      [3, 'DUE_IN_3', 'are due on'],
      [2, 'DUE_IN_3', 'are due on'],
      [1, 'DUE_IN_1', 'are due on'],
      [0, 'DUE_IN_1', 'are due on'],
      [-1, 'OVERDUE_1', 'were due on'],
      [-3, 'OVERDUE_1', 'were due on'],
    ] as const;
    const made = [];
    for (const [days, kind, verb] of cases) {
      const student = await addStudent();
      made.push({ student, rental: await addRental(student.id, now, days), kind, verb });
    }

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({
      sent: cases.length,
      skipped: 0,
    });

    for (const { student, rental, verb } of made) {
      const { subject, body } = read(await smtp.take(student.email));
      expect(subject).toBe(`Your rental textbooks ${verb} ${usDate(rental.dueDate)}`);
      expect(body).toContain(rental.serial);
    }
    expect((await reminders()).map((r) => [r.rentalId, r.kind, r.sent, r.outcome])).toEqual(
      made.map((m) => [m.rental.id, m.kind, true, 'sent']),
    );
  });

  it('sends nothing for rentals returned, in transit, shipped back or outside the windows', async () => {
    const now = new Date();
    const student = await addStudent();
    await addRental(student.id, now, 3, { state: 'RETURNED' });
    await addRental(student.id, now, 3, { state: 'IN_TRANSIT', tracking: '1ZTRANSIT' });
    // Outstanding, but a return label is printed: it is on its way back.
    await addRental(student.id, now, 1, { tracking: '1ZSHIPPED' });
    await addRental(student.id, now, 11);
    await addRental(student.id, now, -4);

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 0 });
    expect(smtp.messages).toHaveLength(0);
    expect(await reminders()).toEqual([]);
  });

  it('sends a reminder once: a second run sends nothing, the next window sends again', async () => {
    const now = new Date();
    const student = await addStudent();
    await addRental(student.id, now, 10);

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 1, skipped: 0 });
    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 0 });
    // Seven days later the rental is due in 3 days: the DUE_IN_3 reminder goes out, once.
    const later = new Date(now.getTime() + 7 * 86_400_000);
    expect(await sendDueRentalReminders({ db, mailer }, later)).toEqual({ sent: 1, skipped: 0 });
    expect(await sendDueRentalReminders({ db, mailer }, later)).toEqual({ sent: 0, skipped: 0 });
    expect(smtp.messages).toHaveLength(2);
    expect((await reminders()).map((r) => r.kind)).toEqual(['DUE_IN_10', 'DUE_IN_3']);
  });

  it('stops before its next reminder when the server shuts down; the next run sends them', async () => {
    const now = new Date();
    const student = await addStudent();
    await addRental(student.id, now, 10);
    const stopping = new AbortController();
    stopping.abort();
    const stopped = await sendDueRentalReminders({ db, mailer, signal: stopping.signal }, now);
    expect(stopped).toEqual({ sent: 0, skipped: 0 });
    // Nothing was claimed: the next run, here or in another process, sends it at once.
    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 1, skipped: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('does not send a missed earlier reminder late', async () => {
    const now = new Date();
    const student = await addStudent();
    const rental = await addRental(student.id, now, 2);
    await sendDueRentalReminders({ db, mailer }, now);
    expect((await reminders()).map((r) => [r.rentalId, r.kind])).toEqual([[rental.id, 'DUE_IN_3']]);
  });

  it('sends each e-mail exactly once when two runs go at the same time', async () => {
    const now = new Date();
    const made = [];
    for (let i = 0; i < 4; i++) {
      const student = await addStudent();
      await addRental(student.id, now, 3, { title: titleIds[0] });
      await addRental(student.id, now, 2, { title: titleIds[1] });
      made.push(student);
    }

    const results = await Promise.all([
      sendDueRentalReminders({ db, mailer }, now),
      sendDueRentalReminders({ db, mailer }, now),
    ]);

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(made.length);
    expect(smtp.messages).toHaveLength(made.length);
    for (const student of made) {
      expect(smtp.messages.filter((m) => m.to.includes(student.email))).toHaveLength(1);
    }
  });

  it('gives the claim back when the e-mail fails, so the next run sends it', async () => {
    const now = new Date();
    const student = await addStudent();
    await addRental(student.id, now, 1);

    const failed = await sendDueRentalReminders({ db, mailer: mailerFor(DEAD_SMTP) }, now);
    expect(failed).toEqual({ sent: 0, skipped: 1 });
    expect(await reminders()).toEqual([]);

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 1, skipped: 0 });
    await smtp.take(student.email);
  });

  it('lists all of a student’s rentals in the window in one e-mail, and records it', async () => {
    const now = new Date();
    const student = await addStudent();
    const first = await addRental(student.id, now, 2, { title: titleIds[0] });
    const second = await addRental(student.id, now, 3, { title: titleIds[1] });
    // Another window's rental gets its own e-mail.
    const far = await addRental(student.id, now, 9, { title: titleIds[2] });

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 2, skipped: 0 });

    const mails = [await smtp.take(student.email), await smtp.take(student.email)].map(read);
    const soon = mails.find((m) => m.body.includes(first.serial));
    expect(soon?.subject).toBe(`Your rental textbooks are due on ${usDate(first.dueDate)}`);
    for (const text of [
      second.serial,
      'Principles of Biology',
      'Organic Chemistry',
      '9780000000000',
      '9780000000001',
      usDate(second.dueDate),
      '1 College Way',
      'Springfield, IL 62701',
      'Test Campus Store counter',
    ]) {
      expect(soon?.body).toContain(text);
    }
    expect(soon?.body).not.toContain(far.serial);
    expect(mails.find((m) => m.body.includes(far.serial))?.body).not.toContain(first.serial);

    const activity = await db
      .select({ details: studentActivity.details })
      .from(studentActivity)
      .where(
        and(
          eq(studentActivity.studentId, student.id),
          eq(studentActivity.action, 'RENTAL_REMINDER_SENT'),
        ),
      );
    expect(activity).toHaveLength(2);
    expect(activity.map((a) => (a.details as { kind: string }).kind).sort()).toEqual([
      'DUE_IN_10',
      'DUE_IN_3',
    ]);
  });

  it('settles a student without an e-mail address as such, and does not retry', async () => {
    const now = new Date();
    const student = await addStudent('');
    await addRental(student.id, now, 3);

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 1 });
    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 0 });
    expect((await reminders()).map((r) => [r.sent, r.outcome])).toEqual([
      [false, NO_EMAIL_OUTCOME],
    ]);
  });

  it('does not retry an address the mail server refuses', async () => {
    const now = new Date();
    const student = await addStudent();
    smtp.refuse.add(student.email);
    await addRental(student.id, now, 3);

    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 1 });
    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 0 });
    expect((await reminders()).map((r) => r.outcome)).toEqual(['refused']);
  });

  it('sends a reminder whose claim a stopped process left behind, after an hour', async () => {
    const now = new Date();
    const student = await addStudent();
    const rental = await addRental(student.id, now, 3);
    const claim = (minutesAgo: number) =>
      db.insert(rentalReminders).values({
        rentalId: rental.id,
        kind: 'DUE_IN_3',
        claimedAt: new Date(now.getTime() - minutesAgo * 60_000),
      });

    await claim(5);
    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 0, skipped: 0 });
    await db.delete(rentalReminders);
    await claim(61);
    expect(await sendDueRentalReminders({ db, mailer }, now)).toEqual({ sent: 1, skipped: 0 });
    await smtp.take(student.email);
  });

  it.runIf(engine === 'postgres')(
    'sends once when two processes (two connection pools) run at the same time',
    async () => {
      const now = new Date();
      const made = [];
      for (let i = 0; i < 6; i++) {
        const student = await addStudent();
        await addRental(student.id, now, 1, { title: titleIds[0] });
        await addRental(student.id, now, 0, { title: titleIds[1] });
        made.push(student);
      }
      // A second server process: its own pool on the same database, its own mailer.
      const other = await createDb({ engine: 'postgres', url: url as string, poolSize: 2 });
      try {
        const results = await Promise.all([
          sendDueRentalReminders({ db, mailer }, now),
          sendDueRentalReminders({ db: other.db, mailer: mailerFor(smtp.url) }, now),
        ]);
        expect(results.reduce((n, r) => n + r.sent, 0)).toBe(made.length);
      } finally {
        await other.close();
      }
      expect(smtp.messages).toHaveLength(made.length);
      for (const student of made) {
        expect(smtp.messages.filter((m) => m.to.includes(student.email))).toHaveLength(1);
      }
    },
  );

  describe('schedule', () => {
    // The schedule reads only these of the app's dependencies.
    const deps = (rentalReminders: boolean): AppDeps =>
      ({
        db,
        mailer,
        config: { rentalReminders },
        now: () => new Date(),
        background: new BackgroundTasks(console),
      }) as unknown as AppDeps;

    it('runs shortly after the server starts listening, and stops when it closes', async () => {
      const student = await addStudent();
      await addRental(student.id, new Date(), 3);
      const app = Fastify({ logger: false });
      registerReminderSchedule(app, deps(true), { firstRunDelayMs: 20 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        await smtp.take(student.email, 5_000);
      } finally {
        await app.close();
      }
      expect((await reminders()).map((r) => r.outcome)).toEqual(['sent']);
    });

    it('does not run when RENTAL_REMINDERS is off', async () => {
      const student = await addStudent();
      await addRental(student.id, new Date(), 3);
      const app = Fastify({ logger: false });
      registerReminderSchedule(app, deps(false), { firstRunDelayMs: 1 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await app.close();
      expect(smtp.messages).toHaveLength(0);
    });

    it('does not run in an app that only answers injected requests (tests, the bench)', async () => {
      const student = await addStudent();
      await addRental(student.id, new Date(), 3);
      const app = Fastify({ logger: false });
      registerReminderSchedule(app, deps(true), { firstRunDelayMs: 1 });
      await app.ready();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await app.close();
      expect(smtp.messages).toHaveLength(0);
    });
  });
});
