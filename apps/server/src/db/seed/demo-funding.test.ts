import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { queryRows } from '../bulk-write.ts';
import { seedDemo } from './demo.ts';
import { DEMO_FEATURED_STUDENTS } from './demo-stores.ts';
import { scalar } from '../../test-support/seed-test-helpers.ts';

const TODAY = new Date('2026-03-10T12:00:00Z');
const TODAY_ISO = '2026-03-10';
let database: Database;
let a: number;
let b: number;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  ({ storeA: a, storeB: b } = (await seedDemo(database.db, { today: TODAY })).locationIds);
});
afterAll(async () => {
  await database.close();
});

const count = (query: SQL): Promise<number> => scalar(database.db, query);
const rows = <T>(query: SQL): Promise<T[]> => queryRows<T>(database.db, query);

interface SourceRow {
  id: number;
  name: string;
  kind: string;
  startsOn: string;
  endsOn: string;
  closedAt: string | null;
  allowances: number;
}

async function sourcesOf(locationId: number): Promise<SourceRow[]> {
  return rows<SourceRow>(sql`select s.id, s.name, s.kind, s.charge_starts_on::text as "startsOn",
      s.charge_ends_on::text as "endsOn", s.closed_at::text as "closedAt",
      (select count(*)::int from funding_allowances a where a.source_id = s.id) as allowances
    from funding_sources s where s.location_id = ${locationId} order by s.id`);
}

function named(sources: SourceRow[], name: string): SourceRow {
  const source = sources.find((s) => s.name === name);
  if (!source) throw new Error(`no source ${name}`);
  return source;
}

describe('demo funding (issue 14)', () => {
  it('never overdraws an allowance nor allocates a source beyond its budget', async () => {
    expect(await count(sql`select count(*)::int from funding_ledger`)).toBeGreaterThan(200);
    const overdrawn = await count(sql`select count(*)::int from (select allowance_id
      from funding_ledger group by allowance_id having sum(amount_cents) < 0) x`);
    expect(overdrawn).toBe(0);
    const overBudget = await count(sql`select count(*)::int from funding_sources s
      where (select coalesce(sum(amount_cents), 0) from funding_ledger l where l.source_id = s.id
        and l.kind in ('ALLOCATION', 'ADJUSTMENT', 'EXPIRY')) > s.budget_cents`);
    expect(overBudget).toBe(0);
    const overCap = await count(sql`select count(*)::int from funding_ledger l
      join funding_sources s on s.id = l.source_id
      where l.kind = 'ALLOCATION' and l.amount_cents > coalesce(s.per_student_cap_cents, l.amount_cents)`);
    expect(overCap).toBe(0);
  });

  it('gives the featured students no funding, so their order totals stay as the tests expect', async () => {
    const ids = DEMO_FEATURED_STUDENTS.map((f) => f.studentIdNum);
    const funded = await count(sql`select count(*)::int from funding_allowances fa
      join students s on s.id = fa.student_id
      where s.student_id_num in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    expect(funded).toBe(0);
  });

  it("keeps every store's funding to its own students, orders and terms", async () => {
    const sourcesB = await sourcesOf(b);
    expect(sourcesB.map((s) => s.name)).toEqual(['Bookstore B Textbook Grant']);
    expect(sourcesB[0]?.allowances).toBeGreaterThan(0);
    const crossed = await count(sql`select count(*)::int from funding_allowances fa
      join funding_sources s on s.id = fa.source_id join students st on st.id = fa.student_id
      where fa.location_id <> s.location_id or st.location_id <> s.location_id`);
    expect(crossed).toBe(0);
    const crossedEntries = await count(sql`select count(*)::int from funding_ledger l
      join funding_allowances fa on fa.id = l.allowance_id
      left join orders o on o.id = l.order_id left join terms t on t.id = l.term_id
      where l.location_id <> fa.location_id or l.source_id <> fa.source_id
        or l.student_id <> fa.student_id or o.student_id <> fa.student_id
        or t.location_id <> fa.location_id
        or (l.order_id is not null and l.term_id is distinct from o.term_id)`);
    expect(crossedEntries).toBe(0);
    const crossedTerms = await count(sql`select count(*)::int from funding_source_terms fst
      join funding_sources s on s.id = fst.source_id join terms t on t.id = fst.term_id
      where t.location_id <> s.location_id`);
    expect(crossedTerms).toBe(0);
  });

  it("charges no order more than its items' prices, and refunds a cancelled order in full", async () => {
    const overcharged = await count(sql`select count(*)::int from (
      select l.order_id, -sum(l.amount_cents) filter (where l.kind = 'CHARGE') as charged
      from funding_ledger l where l.order_id is not null group by l.order_id) c
      where c.charged > (select sum(oi.price_cents) from order_items oi where oi.order_id = c.order_id)`);
    expect(overcharged).toBe(0);
    const refunds = await rows<{ status: string; charged: number; refunded: number }>(sql`
      select o.status, -sum(l.amount_cents) filter (where l.kind = 'CHARGE') as charged,
        sum(l.amount_cents) filter (where l.kind = 'REFUND') as refunded
      from funding_ledger l join orders o on o.id = l.order_id
      where o.location_id = ${a} and l.order_id in (select order_id from funding_ledger where kind = 'REFUND')
      group by o.id, o.status`);
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    for (const r of refunds)
      expect(r).toEqual({ status: 'CANCELLED', charged: r.refunded, refunded: r.charged });
  });

  it('has a financial-aid source for the current term, open today, for its enrolled students', async () => {
    const aid = named(await sourcesOf(a), 'Federal Financial Aid Book Advance');
    expect(aid.kind).toBe('FINANCIAL_AID');
    expect(aid.startsOn <= TODAY_ISO && TODAY_ISO <= aid.endsOn).toBe(true);
    expect(aid.allowances).toBe(60);
    // Its term is main campus's current one (started, most recently, by today).
    const terms = await rows<{ startDate: string }>(sql`select t.start_date::text as "startDate"
      from funding_source_terms fst join terms t on t.id = fst.term_id where fst.source_id = ${aid.id}`);
    expect(terms.length).toBe(1);
    for (const t of terms) expect(t.startDate <= TODAY_ISO).toBe(true);
    const notEnrolled = await count(sql`select count(*)::int from funding_allowances fa
      where fa.source_id = ${aid.id} and not exists (select 1 from enrollments e
        join sections se on se.id = e.section_id
        join funding_source_terms fst on fst.term_id = se.term_id and fst.source_id = fa.source_id
        where e.student_id = fa.student_id)`);
    expect(notEnrolled).toBe(0);
    const kinds = await rows<{ kind: string; n: number }>(sql`select kind, count(*)::int as n
      from funding_ledger where source_id = ${aid.id} group by kind order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['ALLOCATION', 'CHARGE', 'REFUND']);
  });

  it('has a scholarship, a department fund, an ended closed source and a promotion', async () => {
    const sources = await sourcesOf(a);
    expect(sources.map((s) => s.kind).sort()).toEqual([
      'DEPARTMENT',
      'FINANCIAL_AID',
      'FINANCIAL_AID',
      'PROMOTION',
      'SCHOLARSHIP',
    ]);
    expect(named(sources, 'Honors College Book Scholarship').allowances).toBe(15);
    expect(named(sources, 'Chemistry Department Lab Manual Fund').allowances).toBeGreaterThan(0);
    const ended = sources.find((s) => s.endsOn < TODAY_ISO);
    expect(ended?.closedAt).not.toBeNull();
    const open = await count(sql`select count(*)::int from (select allowance_id from funding_ledger
      where source_id = ${ended?.id ?? 0} group by allowance_id having sum(amount_cents) <> 0) x`);
    expect(open).toBe(0);
    expect(
      await count(sql`select count(*)::int from funding_ledger
        where source_id = ${ended?.id ?? 0} and kind = 'EXPIRY'`),
    ).toBeGreaterThan(0);
    const [promo] = await rows<{ code: string; limit: number; uses: number; amounts: number[] }>(
      sql`select s.promo_code as code, s.promo_use_limit as limit,
        (select count(*)::int from funding_allowances fa where fa.source_id = s.id) as uses,
        (select array_agg(distinct amount_cents) from funding_ledger l
          where l.source_id = s.id and l.kind = 'ALLOCATION') as amounts
      from funding_sources s where s.location_id = ${a} and s.kind = 'PROMOTION'`,
    );
    expect(promo).toMatchObject({ code: 'WELCOME10', limit: 500, amounts: [1000] });
    expect(promo?.uses).toBeGreaterThan(0);
  });

  it('gives every allowance a voucher code of the printed form, unique in its store', async () => {
    const codes = await rows<{ locationId: number; code: string }>(
      sql`select location_id as "locationId", voucher_code as code from funding_allowances`,
    );
    expect(codes.every((c) => /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/.test(c.code))).toBe(
      true,
    );
    expect(new Set(codes.map((c) => `${c.locationId}:${c.code}`)).size).toBe(codes.length);
  });

  it('records who created each source, an account of its store that may manage funding', async () => {
    const creators = await rows<{ source: string; actor: string; manages: boolean }>(sql`
      select s.name as source, ua.user_name as actor,
        exists (select 1 from user_roles ur join role_actions ra on ra.role_id = ur.role_id
          join actions ac on ac.id = ra.action_id
          where ur.account_id = ua.id and ur.location_id = s.location_id
            and ac.name = 'MANAGE_VOUCHERS') as manages
      from funding_activity fa join funding_sources s on s.id = fa.source_id
      join user_accounts ua on ua.id = fa.actor_account_id
      where fa.action = 'SOURCE_CREATED' and ua.location_id = s.location_id`);
    expect(creators).toHaveLength(6);
    expect(creators.every((c) => c.manages)).toBe(true);
    expect(new Set(creators.map((c) => c.actor))).toEqual(
      new Set(['cma@demo-university.edu', 'admin@demo-university.edu', 'admin@bookstore-b.edu']),
    );
  });

  it('dates nothing after the seed day', async () => {
    const future = await count(sql`select
      (select count(*) from funding_ledger where at > ${TODAY.toISOString()}::timestamptz)
      + (select count(*) from funding_activity where at > ${TODAY.toISOString()}::timestamptz)
      + (select count(*) from funding_allowances where created_at > ${TODAY.toISOString()}::timestamptz)
      + (select count(*) from funding_sources where created_at > ${TODAY.toISOString()}::timestamptz)`);
    expect(future).toBe(0);
  });
});
