import { sql } from 'drizzle-orm';
import type { IaChange, IaChangeSource, IaChoice, IaParticipant } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { iaParticipatingSql } from '../participation-sql.ts';

interface ParticipantRow {
  participant_id: number;
  student_id: number;
  student_id_num: string;
  first_name: string;
  last_name: string;
  enrolled: boolean;
  enrolled_at: string | Date;
  dropped_at: string | Date | null;
  choice: IaChoice | null;
  participating: boolean;
}

interface ChangeRow {
  participant_id: number;
  change: IaChange;
  source: IaChangeSource;
  at: string | Date;
  actor_name: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The participants of the section's program by last then first name, each with every change
 * (oldest first): two statements, the changes joined in memory.
 */
export async function listParticipants(db: Db, programId: number): Promise<IaParticipant[]> {
  const rows = await queryRows<ParticipantRow>(
    db,
    sql`select p.id as participant_id, st.id as student_id, st.student_id_num,
        st.first_name, st.last_name, p.enrolled, p.enrolled_at, p.dropped_at, p.choice,
        ${iaParticipatingSql('p', 'pr')} as participating
      from ia_participants p join ia_programs pr on pr.id = p.program_id
        join students st on st.id = p.student_id
      where p.program_id = ${programId}
      order by lower(st.last_name), lower(st.first_name), st.id`,
  );
  const changes = await queryRows<ChangeRow>(
    db,
    sql`select c.participant_id, c.change, c.source, c.at,
        nullif(coalesce(nullif(a.name, ''), a.user_name), '') as actor_name
      from ia_participant_changes c join ia_participants p on p.id = c.participant_id
        left join user_accounts a on a.id = c.actor_account_id
      where p.program_id = ${programId}
      order by c.at, c.id`,
  );
  const byParticipant = new Map<number, IaParticipant['history']>();
  for (const c of changes) {
    const list = byParticipant.get(Number(c.participant_id)) ?? [];
    list.push({ change: c.change, source: c.source, at: iso(c.at), actorName: c.actor_name });
    byParticipant.set(Number(c.participant_id), list);
  }
  return rows.map((r) => ({
    participantId: Number(r.participant_id),
    studentId: Number(r.student_id),
    studentIdNum: r.student_id_num,
    firstName: r.first_name,
    lastName: r.last_name,
    enrolled: r.enrolled,
    enrolledAt: iso(r.enrolled_at),
    droppedAt: r.dropped_at === null ? null : iso(r.dropped_at),
    choice: r.choice,
    participating: r.participating,
    history: byParticipant.get(Number(r.participant_id)) ?? [],
  }));
}
