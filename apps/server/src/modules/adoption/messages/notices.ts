import { ADOPTION_TYPE } from '@csp/contracts';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Session } from '../../../lib/session.ts';
import { storeSenderName } from '../../mail/index.ts';
import { findAccountEmail } from '../course-detail/activity-repository.ts';

const mmddyyyy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

function describe(adoption: AdoptionMaterialDTO): string[] {
  const material = adoption.noTextRequired
    ? 'No text required'
    : adoption.title
      ? `${adoption.title.description} (ISBN ${adoption.title.formattedEan13})`
      : `${adoption.proposedTitle?.description ?? 'A proposed title'} (proposed title)`;
  const covers =
    adoption.adoptionType === ADOPTION_TYPE.AUTO
      ? 'every section of the course (auto adoption)'
      : `sections ${adoption.sections.map((s) => s.sectionCode).join(', ')}`;
  return [
    `Material: ${material}`,
    `For: ${covers}`,
    `Starts: ${mmddyyyy(adoption.startDate)}${adoption.expirationDate ? `, ends ${mmddyyyy(adoption.expirationDate)}` : ''}`,
    adoption.noTextRequired ? '' : `Required: ${adoption.required ? 'yes' : 'no'}`,
    `Adoption number: ${adoption.adoptionMaterialId}`,
  ].filter(Boolean);
}

/**
 * A submitter's new adoption (anyone adopting without the course materials team's action) is
 * e-mailed to the store's course materials address, and the submitter gets a receipt. Sent
 * after the answer: a mail server that is down does not undo the adoption.
 */
export function mailNewAdoption(
  deps: AppDeps,
  session: Session,
  course: { label: string },
  adoption: AdoptionMaterialDTO,
  store: { courseMaterialsEmail: string | null; storeName: string },
  message: string | null,
): void {
  deps.background.run('new adoption mail', async () => {
    const submitter = await findAccountEmail(deps.db, session.accountId);
    const who = submitter?.name ?? session.userName;
    const lines = describe(adoption);
    const fromName = await storeSenderName(deps.db, session.locationId);
    if (store.courseMaterialsEmail) {
      await deps.mailer.send({
        fromName,
        to: store.courseMaterialsEmail,
        subject: `New adoption for ${course.label} from ${who}`,
        text: [
          `${who} (${session.userName}) adopted course material for ${course.label}.`,
          '',
          ...lines,
          ...(message ? ['', `Their message: ${message}`] : []),
        ].join('\n'),
        // The team's questions go to the submitter, not to the store's own sender.
        ...(submitter && { replyTo: submitter.email }),
      });
    }
    if (submitter) {
      await deps.mailer.send({
        fromName,
        to: submitter.email,
        subject: `Your adoption for ${course.label} was received`,
        text: [
          `Thank you. ${store.storeName} received your adoption for ${course.label}.`,
          '',
          ...lines,
          '',
          'You can see it, and any question the store has about it, on the course in the portal.',
        ].join('\n'),
      });
    }
  });
}
