import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../client.ts';
import { queryRows } from '../bulk-write.ts';
import { seedDemo } from './demo.ts';
import { scalar } from './seed-test-helpers.ts';

const TODAY = new Date('2026-03-10T12:00:00Z');
let database: Database;
let a: number;

beforeAll(async () => {
  database = await createDb({ engine: 'pglite' });
  a = (await seedDemo(database.db, { today: TODAY })).locationIds.storeA;
});
afterAll(async () => {
  await database.close();
});

const count = (query: SQL): Promise<number> => scalar(database.db, query);
const groups = async (query: SQL): Promise<Record<string, number>> =>
  Object.fromEntries(
    (await queryRows<{ k: string; n: number }>(database.db, query)).map((r) => [r.k, r.n]),
  );

describe('demo content', () => {
  it('has rentals in every state, and a featured student with all of them', async () => {
    const states = await groups(
      sql`select state as k, count(*)::int as n from rentals where location_id = ${a} group by state`,
    );
    expect(Object.keys(states).sort()).toEqual(['IN_TRANSIT', 'OUTSTANDING', 'RETURNED']);
    const returnedIncomplete = await count(
      sql`select count(*)::int from rentals where state = 'RETURNED'
          and (returned_at is null or marketplace_condition_id is null)`,
    );
    expect(returnedIncomplete).toBe(0);
    const firstStudent = await groups(
      sql`select r.state as k, count(*)::int as n from rentals r
          where r.student_id = (select min(id) from students where location_id = ${a}) group by r.state`,
    );
    expect(Object.keys(firstStudent).sort()).toEqual(['IN_TRANSIT', 'OUTSTANDING', 'RETURNED']);
    // In-transit items are grouped by order (transId): every order's rentals share the state.
    const mixedTransit = await count(
      sql`select count(*)::int from (select order_id from rentals where state = 'IN_TRANSIT' or order_id in
          (select order_id from rentals where state = 'IN_TRANSIT') group by order_id
          having count(distinct state) > 1) x`,
    );
    expect(mixedTransit).toBe(0);
    expect(
      await count(sql`select count(*) - count(distinct serial_item_ref_num) from rentals`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int from rentals where state = 'OUTSTANDING' and tracking_number is not null`,
      ),
    ).toBeGreaterThan(0);
  });

  it("gives every adoption a history, and every one awaiting a response the store's question", async () => {
    expect(
      await count(
        sql`select count(*)::int from adoption_materials am where am.location_id = ${a}
          and not exists (select 1 from adoption_activity x
            where x.adoption_material_id = am.id and x.action = 'CREATED')`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int from adoption_materials am where am.location_id = ${a}
          and am.messaging_status = 'RESPONSE_REQUIRED'
          and not exists (select 1 from adoption_activity x
            where x.adoption_material_id = am.id and x.action = 'MESSAGE_POSTED'
              and x.details ->> 'notifySubmitter' = 'true' and x.actor_account_id <> am.created_by)`,
      ),
    ).toBe(0);
  });

  it("credits the department-scoped submitter only with their own department's adoptions", async () => {
    const outside = await count(
      sql`select count(*)::int from adoption_materials am
        join user_accounts ua on ua.id = am.created_by
        join courses c on c.id = am.course_id
        join departments d on d.id = c.department_id
        where ua.user_name = 'submitter@demo-university.edu' and d.code <> 'BIOL'`,
    );
    const inside = await count(
      sql`select count(*)::int from adoption_materials am
        join user_accounts ua on ua.id = am.created_by
        where ua.user_name = 'submitter@demo-university.edu'`,
    );
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(0);
  });

  it('has adoptions of every kind', async () => {
    const kinds = await groups(
      sql`select k, count(*)::int as n from (select case
            when no_text_required then 'ntr'
            when proposed_title_id is not null then 'proposed'
            else adoption_type end as k from adoption_materials where location_id = ${a}) x group by k`,
    );
    expect(Object.keys(kinds).sort()).toEqual([
      'AUTO_ADOPTION',
      'SECTION_ADOPTION',
      'ntr',
      'proposed',
    ]);
    const flags = await queryRows<{
      response: number;
      inactive: number;
      removal: number;
      ia: number;
      linked: number;
    }>(
      database.db,
      sql`select count(*) filter (where messaging_status = 'RESPONSE_REQUIRED')::int as response,
                 count(*) filter (where not active)::int as inactive,
                 count(*) filter (where removal)::int as removal,
                 count(*) filter (where ia and iapublisher is not null)::int as ia,
                 (select count(*)::int from adoption_material_sections) as linked
          from adoption_materials where location_id = ${a}`,
    );
    for (const value of Object.values(flags[0] ?? {})) expect(value).toBeGreaterThan(0);
    const biologyNeedsResponse = await count(
      sql`select count(*)::int from adoption_materials am join courses c on c.id = am.course_id
          join departments d on d.id = c.department_id join divisions dv on dv.id = d.division_id
          where d.code = 'BIOL' and dv.name = 'Main Campus' and am.messaging_status = 'RESPONSE_REQUIRED'`,
    );
    expect(biologyNeedsResponse).toBeGreaterThan(0);
  });

  it('has orders of every type and status, fulfilled on time and late', async () => {
    const types = await groups(
      sql`select order_type as k, count(*)::int as n from orders where location_id = ${a} group by 1`,
    );
    expect(Object.keys(types).sort()).toEqual(['AUTOGEN', 'INCLUSIVE_ACCESS', 'IN_STORE', 'WEB']);
    const statuses = await groups(
      sql`select status as k, count(*)::int as n from orders where location_id = ${a} group by 1`,
    );
    expect(Object.keys(statuses).sort()).toEqual(['CANCELLED', 'FULFILLED', 'ON_HOLD', 'OPEN']);
    const timing = await groups(
      sql`select case when i.fulfilled_at <= o.due_at then 'on-time' else 'late' end as k, count(*)::int as n
          from order_items i join orders o on o.id = i.order_id where i.fulfilled_at is not null group by 1`,
    );
    expect(timing['on-time']).toBeGreaterThan(0);
    expect(timing['late']).toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*)::int from order_items where fulfilled_at > ${TODAY.toISOString()}`,
      ),
    ).toBe(0);
  });

  it('puts sections in the default catalog and section-research windows', async () => {
    const catalog = await count(
      sql`select count(*)::int from sections where location_id = ${a}
          and start_date between '2026-03-10' and '2026-09-13'`,
    );
    const research = await count(
      sql`select count(*)::int from sections where location_id = ${a}
          and start_date between '2025-11-10' and '2026-04-10'`,
    );
    expect(catalog).toBeGreaterThan(100);
    expect(research).toBeGreaterThan(100);
    const names = await queryRows<{ name: string }>(
      database.db,
      sql`select name from terms where location_id = ${a} order by id`,
    );
    expect(names.map((t) => t.name)).toContain('Spring 2026 - Main Campus');
    expect(names.every((t) => t.name.includes(' - '))).toBe(true);
  });

  it('has students without a current enrollment and an empty department name', async () => {
    const preferences = await groups(
      sql`select fulfillment_friendly_name as k, count(*)::int as n from fulfillment_preferences
          where location_id = ${a} group by 1`,
    );
    expect(Object.keys(preferences).sort()).toEqual(
      ['Buy New', 'Buy Used', 'Digital', 'Opt Out', 'Rent New', 'Rent Used'].sort(),
    );
    expect(
      await count(
        sql`select count(*)::int from fulfillment_preferences where location_id = ${a} and division_id is null`,
      ),
    ).toBeGreaterThan(50);
    expect(
      await count(
        sql`select count(*)::int from departments where location_id = ${a} and name = ''`,
      ),
    ).toBe(1);
    const idNums = await queryRows<{ n: string }>(
      database.db,
      sql`select student_id_num as n from students where location_id = ${a}`,
    );
    expect(idNums.every((r) => /^\d{9}$/.test(r.n))).toBe(true);
    expect(new Set(idNums.map((r) => r.n)).size).toBe(idNums.length);
    expect(
      await count(sql`select count(*)::int from students where delivery_note <> ''`),
    ).toBeGreaterThan(0);
  });
});
