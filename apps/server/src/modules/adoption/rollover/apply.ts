import { ROLLOVER_MESSAGES as M, type RolloverTerm } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import { planRollover, seasonOf, type ResolvedRollover } from './rollover.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { insertProposals, lockScopeCourses, termEnded } from './rollover-repository.ts';

export interface ApplyAnswer {
  sourceTerm: RolloverTerm;
  created: number;
  sections: number;
  alreadyProposed: number;
  alreadyAdopted: number;
}

/**
 * applyRollover: in one transaction, after locking the scope's courses (the lock every adoption
 * write of a course takes first), plans the rollover again and writes one proposal per carried
 * adoption on its matched target sections without an adoption. A second apply, even one waiting
 * on the first's locks, then finds those sections adopted and the adoptions carried, and
 * creates nothing; the unique index on (rolled_from_id, rollover_term_id) holds it regardless.
 * A target term that has ended is refused (400 naming targetTermId).
 */
export async function applyRollover(
  db: Db,
  session: Session,
  r: ResolvedRollover,
  now: Date,
): Promise<ApplyAnswer> {
  const source = r.source;
  if (!source) throw AppError.badRequest(M.noSource(seasonOf(r.target.termName)), 'sourceTermId');
  // A preview of an ended term is harmless history; proposals for it would reach nobody.
  if (await termEnded(db, r.target.termId, isoDay(now))) {
    throw AppError.badRequest(M.targetEnded, 'targetTermId');
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockScopeCourses(txDb, r.scope);
    const plan = await planRollover(txDb, r.scope, source, r.target, false);
    const writes = [...plan.writes].map(([fromId, w]) => ({ fromId, ...w }));
    const created = await insertProposals(
      txDb,
      {
        locationId: session.locationId,
        accountId: session.accountId,
        termId: r.target.termId,
        at: now,
      },
      writes,
    );
    const createdFrom = new Set(created.map((c) => c.fromId));
    const covered = new Set(
      writes.filter((w) => createdFrom.has(w.fromId)).flatMap((w) => w.sectionIds),
    );
    return {
      sourceTerm: source,
      created: created.length,
      sections: covered.size,
      alreadyProposed: plan.alreadyCarried + (writes.length - created.length),
      alreadyAdopted: plan.sections.filter((s) => s.state === 'ALREADY_ADOPTED').length,
    };
  });
}
