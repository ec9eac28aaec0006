import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** Sections refreshed per statement at the end of an apply. */
const REFRESH_CHUNK = 5000;

/**
 * For the rest of the transaction, the triggers of migrations 0012 and 0014 leave sections'
 * kept facts (and the metric requirements they feed) to the loader, as the seeds do
 * (ADR 0016, point 3): an apply refreshes each section it touched once at the end instead of after
 * every chunk that touches it.
 */
export async function deferSectionFacts(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('csp.section_facts_deferred', 'on', true)`);
}

/** Recomputes the kept facts of these sections from the base tables, a few thousand a statement. */
export async function refreshSectionFacts(tx: Db, sectionIds: readonly number[]): Promise<void> {
  const ids = [...sectionIds].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += REFRESH_CHUNK) {
    const chunk = `{${ids.slice(i, i + REFRESH_CHUNK).join(',')}}`;
    await tx.execute(sql`select refresh_section_facts(${chunk}::integer[])`);
  }
}
