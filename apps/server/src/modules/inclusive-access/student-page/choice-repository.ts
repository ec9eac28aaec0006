import { sql } from 'drizzle-orm';
import { isParticipating, type IaChoice, type IaModel } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import { choiceRefusal, type ChoiceRefusal } from './choice-rule.ts';

/** Who changes a participant's choice: the student themself, or a staff member for them. */
export type ChoiceActor = { source: 'STUDENT' } | { source: 'STAFF'; accountId: number };

export interface ChoiceChange {
  locationId: number;
  participantId: number;
  /** The participant must be this student's (the student page; staff pass the one they checked). */
  studentId: number;
  choice: IaChoice;
  actor: ChoiceActor;
  /** The store's today (YYYY-MM-DD) and now. */
  today: string;
  at: Date;
}

export type ChoiceOutcome =
  | { kind: 'notFound' }
  | { kind: 'refused'; refusal: ChoiceRefusal }
  | { kind: 'done'; changed: boolean };

interface LockedRow {
  choice: IaChoice | null;
  enrolled: boolean;
  model: IaModel;
  deadline: string | null;
}

/**
 * The one way a participant's choice changes, for the student and for staff alike: in one
 * transaction the participant's row is locked, the rule (choice-rule.ts: enrolled, a deadline
 * set and not passed) is checked against it, and a real change sets `choice` and `changed_at`
 * and writes its OPTED_OUT / OPTED_IN history row with the source (and the staff member).
 * Asking for the state the participant is already in changes nothing and writes no row, so a
 * double submit or two tabs at once make one change: the second waits for the lock and then
 * finds the new state.
 */
export async function changeParticipantChoice(db: Db, input: ChoiceChange): Promise<ChoiceOutcome> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx): Promise<ChoiceOutcome> => {
      const [row] = await queryRows<LockedRow>(
        tx as unknown as Db,
        sql`select p.choice, p.enrolled, pr.model, t.ia_opt_out_deadline::text as deadline
          from ia_participants p
          join ia_programs pr on pr.id = p.program_id
          join terms t on t.id = pr.term_id
          where p.id = ${input.participantId} and p.location_id = ${input.locationId}
            and p.student_id = ${input.studentId}
          for update of p`,
      );
      if (!row) return { kind: 'notFound' };
      const refusal = choiceRefusal(row, input.today);
      if (refusal) return { kind: 'refused', refusal };
      const wanted = input.choice === 'IN';
      if (isParticipating(row.model, row.choice) === wanted)
        return { kind: 'done', changed: false };
      await tx.execute(
        sql`update ia_participants set choice = ${input.choice}, changed_at = ${input.at}
          where id = ${input.participantId}`,
      );
      const actor = input.actor.source === 'STAFF' ? input.actor.accountId : null;
      await tx.execute(
        sql`insert into ia_participant_changes
            (location_id, participant_id, change, source, actor_account_id, at)
          values (${input.locationId}, ${input.participantId},
            ${wanted ? 'OPTED_IN' : 'OPTED_OUT'}, ${input.actor.source}, ${actor}, ${input.at})`,
      );
      return { kind: 'done', changed: true };
    }),
  );
}
