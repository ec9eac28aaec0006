import { and, eq } from 'drizzle-orm';
import {
  fillPath,
  requestIaSignInLink,
  setIaStudentChoice,
  startIaStudentSession,
  STUDENT_SESSION_HEADER,
  type IaChoice,
} from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { readMail } from './campaign-world.ts';
import { iaWorld } from './ia-world.ts';
import type { SmtpCapture } from './smtp-capture.ts';
import { FIXTURE_HOSTS, type TestContext } from './test-app.ts';

/**
 * The student page (issue 32, point 2) in store A: a program section at $59.99 with students
 * enrolled, and the calls a student's browser makes (ask for a link, read it from the captured
 * e-mail, exchange it, opt out or back in).
 */
export function iaStudentPageWorld(ctx: TestContext, smtp: SmtpCapture) {
  const w = iaWorld(ctx);
  let ip = 0;

  return {
    w,
    /** A fresh client address per caller, so the per-client limit of one test spares the next. */
    nextIp: () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,

    /** A program section at $59.99 and `count` students enrolled: their ids and participants. */
    async programWithStudents(count = 2) {
      const section = await w.section();
      const program = await w.program(section, [
        { adoptionMaterialId: await w.iaAdoption([section]), priceCents: 5_999 },
      ]);
      const students: number[] = [];
      for (let i = 0; i < count; i++) {
        const id = await w.student();
        await w.enrol(id, section);
        students.push(id);
      }
      const participants = await w.participants(program);
      const participantOf = (studentId: number) =>
        participants.find((p) => p.studentId === studentId)!.id;
      return { section, program, students, participantOf };
    },

    async emailOf(studentId: number): Promise<string> {
      const [row] = await ctx.db
        .select({ email: t.students.email })
        .from(t.students)
        .where(eq(t.students.id, studentId));
      return row!.email;
    },

    requestLink(email: string, remoteAddress: string, host: string = FIXTURE_HOSTS.a) {
      return ctx.app.inject({
        method: 'POST',
        url: requestIaSignInLink.path,
        headers: { host },
        remoteAddress,
        payload: { email },
      });
    },

    /** The token of the next sign-in link mailed to `email`. */
    async linkToken(email: string): Promise<string> {
      await ctx.background.drain();
      const { body } = readMail(await smtp.take(email.toLowerCase()));
      const token = /my-course-access\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
      if (!token) throw new Error(`no sign-in link in the e-mail to ${email}`);
      return token;
    },

    exchange(token: string, host: string = FIXTURE_HOSTS.a) {
      return ctx.app.inject({
        method: 'POST',
        url: startIaStudentSession.path,
        headers: { host },
        payload: { token },
      });
    },

    /** A student session through the real link, as the page gets one. */
    async sessionOf(studentId: number, remoteAddress: string): Promise<string> {
      const email = await this.emailOf(studentId);
      await this.requestLink(email, remoteAddress);
      const res = await this.exchange(await this.linkToken(email));
      if (res.statusCode !== 200) throw new Error(`session: ${res.statusCode} ${res.body}`);
      return res.json<{ sessionToken: string }>().sessionToken;
    },

    asStudent(session: string | undefined, host: string = FIXTURE_HOSTS.a) {
      return { host, ...(session && { [STUDENT_SESSION_HEADER]: session }) };
    },

    choose(session: string, participantId: number, choice: IaChoice) {
      return ctx.app.inject({
        method: 'PUT',
        url: fillPath(setIaStudentChoice.path, { participantId }),
        headers: this.asStudent(session),
        payload: { choice },
      });
    },

    /** The participant's OPTED_OUT / OPTED_IN history rows, as `change:source`. */
    async choiceChanges(participantId: number): Promise<string[]> {
      const rows = await ctx.db
        .select({ change: t.iaParticipantChanges.change, source: t.iaParticipantChanges.source })
        .from(t.iaParticipantChanges)
        .where(and(eq(t.iaParticipantChanges.participantId, participantId)))
        .orderBy(t.iaParticipantChanges.id);
      return rows
        .filter((r) => r.change === 'OPTED_OUT' || r.change === 'OPTED_IN')
        .map((r) => `${r.change}:${r.source}`);
    },
  };
}
