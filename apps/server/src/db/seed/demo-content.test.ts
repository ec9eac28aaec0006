import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { queryRows } from '../bulk-write.ts';
import { seedDemo } from './demo.ts';
import { DEMO_FEATURED_STUDENTS } from './demo-stores.ts';
import { scalar } from '../../test-support/seed-test-helpers.ts';

const TODAY = new Date('2026-03-10T12:00:00Z');
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
          where r.student_id = (select id from students where student_id_num = '900000001') group by r.state`,
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

/** One featured student's figures, as the student screen and autogen would show them. */
interface FeaturedFigures {
  name: string;
  currentSections: number;
  outstanding: number;
  outstandingIsbns: number;
  returnGroups: number;
  transitGroups: number;
  firstDue: string;
  orderable: number;
}

describe('featured rental students', () => {
  const figures = (idNum: string) =>
    queryRows<FeaturedFigures>(
      database.db,
      sql`with st as (select * from students where location_id = ${a} and student_id_num = ${idNum}),
        open_rentals as (select r.* from rentals r join st on st.id = r.student_id
          where r.state = 'OUTSTANDING' and r.tracking_number is null),
        sections_open as (select s.id, s.start_date from enrollments e join st on st.id = e.student_id
          join sections s on s.id = e.section_id where s.end_date >= ${TODAY.toISOString().slice(0, 10)}),
        required_titles as (select distinct am.title_id from adoption_materials am
          join adoption_material_sections ams on ams.adoption_material_id = am.id and not ams.removed
          where ams.section_id in (select id from sections_open) and am.active and am.required
            and am.title_id is not null)
      select st.first_name || ' ' || st.last_name as name,
        (select count(*)::int from sections_open where start_date <= ${TODAY.toISOString().slice(0, 10)})
          as "currentSections",
        (select count(*)::int from open_rentals) as outstanding,
        (select count(distinct t.ean13)::int from open_rentals o join titles t on t.id = o.title_id)
          as "outstandingIsbns",
        (select count(distinct serial_item_label)::int from open_rentals) as "returnGroups",
        (select count(distinct order_id)::int from rentals r where r.student_id = st.id
          and r.state = 'IN_TRANSIT' and r.tracking_number is not null) as "transitGroups",
        (select min(due_date)::text from open_rentals) as "firstDue",
        (select count(*)::int from required_titles rt where not exists (select 1 from order_items oi
          join orders o on o.id = oi.order_id where o.student_id = st.id and oi.title_id = rt.title_id
          and oi.status <> 'CANCELLED')) as orderable
      from st`,
    );

  it.each(DEMO_FEATURED_STUDENTS)(
    '$studentIdNum $firstName $lastName has returnable rentals, one due soon, and materials to order',
    async (featured) => {
      const [row] = await figures(featured.studentIdNum);
      expect(row?.name).toBe(`${featured.firstName} ${featured.lastName}`);
      expect(row?.currentSections).toBeGreaterThan(0);
      expect(row?.outstanding).toBeGreaterThanOrEqual(3);
      // Every outstanding rental has its own ISBN, so scanning one checks exactly one item.
      expect(row?.outstandingIsbns).toBe(row?.outstanding);
      expect(row?.returnGroups).toBeGreaterThanOrEqual(2);
      expect(row?.transitGroups).toBeGreaterThanOrEqual(1);
      const due = new Date(TODAY);
      due.setUTCDate(due.getUTCDate() + featured.dueInDays);
      expect(row?.firstDue).toBe(due.toISOString().slice(0, 10));
      expect(row?.orderable).toBeGreaterThanOrEqual(2);
    },
  );

  it('gives each featured student a unique full name, and Thompson to several students', async () => {
    for (const f of DEMO_FEATURED_STUDENTS) {
      expect(
        await count(
          sql`select count(*)::int from students where location_id = ${a}
            and first_name = ${f.firstName} and last_name = ${f.lastName}`,
        ),
      ).toBe(1);
    }
    expect(
      await count(
        sql`select count(*)::int from students where location_id = ${a} and last_name = 'Thompson'`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        sql`select count(*)::int from students where location_id = ${a} and last_name = 'Okonkwo'`,
      ),
    ).toBe(1);
  });

  it('are listed in FEATURED_STUDENTS.md as the seed makes them', () => {
    const table = readFileSync(new URL('./FEATURED_STUDENTS.md', import.meta.url), 'utf8');
    for (const f of DEMO_FEATURED_STUDENTS) {
      expect(table).toMatch(
        new RegExp(`\\| ${f.studentIdNum} \\| ${f.firstName} ${f.lastName} \\| ${f.dueInDays} \\|`),
      );
    }
  });
});

describe('store settings', () => {
  it('gives both demo stores a complete return address, a tax rate and shipping methods', async () => {
    const stores = await queryRows<{ id: number; complete: boolean; tax: number }>(
      database.db,
      sql`select id, (return_address_name <> '' and return_street_one <> '' and return_city <> ''
            and return_state <> '' and return_postal_code <> '' and return_phone <> '') as complete,
          tax_rate_basis_points as tax from locations order by id`,
    );
    expect(stores).toEqual([
      { id: a, complete: true, tax: 625 },
      { id: b, complete: true, tax: 0 },
    ]);
    const methods = await queryRows<{ code: string; price: number; ships: boolean }>(
      database.db,
      sql`select code, price_cents as price, ships_to_address as ships from shipping_methods
          where location_id = ${a} order by sort_order`,
    );
    expect(methods).toEqual([
      { code: 'PICKUP', price: 0, ships: false },
      { code: 'STANDARD', price: 799, ships: true },
      { code: 'EXPEDITED', price: 1999, ships: true },
    ]);
    expect(
      await count(sql`select count(*)::int from shipping_methods where location_id = ${b}`),
    ).toBe(3);
  });
});
