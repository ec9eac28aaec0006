import {
  IA_STUDENT_PAGE_MESSAGES as M,
  isParticipating,
  type IaChoice,
  type IaStudentSection,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import type { Website } from '../../../lib/request-context.ts';
import { websiteOrigin } from '../../../lib/website-origin.ts';
import { storeMail } from '../../mail/index.ts';
import { changeParticipantChoice, type ChoiceActor } from './choice-repository.ts';
import { CHOICE_REFUSAL_MESSAGES, choiceRefusal } from './choice-rule.ts';
import { listIaSections, type IaSectionRow } from './ia-section-repository.ts';
import { findStudentContact } from './sign-in-repository.ts';
import { choiceConfirmationMail, studentPageLink } from './student-page-mail.ts';

/** A participation as the answers show it, with whether it may still change (choice-rule.ts). */
export function toSection(row: IaSectionRow, today: string): IaStudentSection {
  const refusal = choiceRefusal(row, today);
  return {
    participantId: row.participantId,
    sectionId: row.sectionId,
    termName: row.termName,
    sectionName: row.sectionName,
    courseTitle: row.courseTitle,
    model: row.model,
    materials: row.materials,
    totalCents: row.materials.reduce((sum, m) => sum + m.priceCents, 0),
    deadline: row.deadline,
    choice: row.choice,
    participating: isParticipating(row.model, row.choice),
    enrolled: row.enrolled,
    mayChange: refusal === null,
    whyNot: refusal && CHOICE_REFUSAL_MESSAGES[refusal],
  };
}

/** The store's today: the calendar day every deadline is measured against (lib/iso-day.ts). */
export function storeToday(deps: Pick<AppDeps, 'now'>): string {
  return isoDay(deps.now());
}

export interface ChoiceRequest {
  website: Website;
  studentId: number;
  participantId: number;
  choice: IaChoice;
  actor: ChoiceActor;
}

/**
 * Opts a participant out or back in (the student, or staff for them) by the one rule
 * (changeParticipantChoice): 404 for a participation not the student's, 409 after the deadline
 * or with none set, or when the student has dropped the section. After a real change (not a
 * repeat) the student is mailed a confirmation, as background work after the answer.
 */
export async function changeChoice(deps: AppDeps, input: ChoiceRequest): Promise<IaSectionRow> {
  const { locationId } = input.website;
  const outcome = await changeParticipantChoice(deps.db, {
    locationId,
    participantId: input.participantId,
    studentId: input.studentId,
    choice: input.choice,
    actor: input.actor,
    today: storeToday(deps),
    at: deps.now(),
  });
  if (outcome.kind === 'notFound') {
    const message = input.actor.source === 'STAFF' ? M.staffSectionNotFound : M.sectionNotFound;
    throw AppError.notFound(message, 'participantId');
  }
  if (outcome.kind === 'refused') {
    throw AppError.conflict(CHOICE_REFUSAL_MESSAGES[outcome.refusal]);
  }
  const [row] = await listIaSections(deps.db, { locationId, participantId: input.participantId });
  if (!row) throw AppError.notFound(M.sectionNotFound, 'participantId');
  if (outcome.changed) {
    const section = toSection(row, storeToday(deps));
    const byStaff = input.actor.source === 'STAFF';
    deps.background.run('inclusive access choice confirmation', () =>
      mailConfirmation(deps, input.website, input.studentId, section, byStaff),
    );
  }
  return row;
}

async function mailConfirmation(
  deps: AppDeps,
  website: Website,
  studentId: number,
  section: IaStudentSection,
  byStaff: boolean,
): Promise<void> {
  const student = await findStudentContact(deps.db, website.locationId, studentId);
  if (!student?.email.trim()) return;
  const mail = choiceConfirmationMail({
    to: student.email.trim(),
    firstName: student.firstName,
    site: website.siteTitle,
    section,
    pageLink: studentPageLink(websiteOrigin(website, deps.config)),
    byStaff,
  });
  await deps.mailer.send(await storeMail(deps.db, website.locationId, mail));
}
