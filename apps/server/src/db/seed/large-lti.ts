import { sql } from 'drizzle-orm';
import { LTI_DEFAULT_COURSE_PATTERN } from '@csp/contracts';
import type { Db } from '../client.ts';
import { queryRows } from '../bulk-write.ts';
import { LARGE_ADMIN } from './large-store.ts';

/** The large store's administrator of its settings (MANAGE_STORE), password as LARGE_ADMIN's. */
export const LARGE_STORE_ADMIN = 'store-admin@large-university.edu';

/** Launch log rows at full scale: a few weeks of a campus's launches from its platform. */
const LARGE_LTI_LAUNCHES = 5_000;
/** The days the rows are spread over, newest `today`. */
const LOG_DAYS = 60;
/** One row in this many is a refusal. */
const REFUSED_EVERY_NTH = 8;
/** One launch in this many is an instructor's. */
const INSTRUCTOR_EVERY_NTH = 6;
const REFUSAL_SAMPLES = [
  ['state-mismatch', 'no login of this store issued the state, or it was used'],
  ['expired', 'id_token refused: "exp" claim timestamp check failed'],
  ['unknown-deployment', 'deployment 2:unregistered is not registered'],
  ['bad-signature', 'id_token refused: signature verification failed'],
] as const;

/**
 * `count` rows of a store's launch log for `registrationId`, the newest at `today` and the rest
 * spread over the LOG_DAYS before it: launches into the store's sections (learners mostly), and
 * one in REFUSED_EVERY_NTH a refusal with its technical detail, as the settings screen lists them.
 */
export async function seedLtiLaunchLog(
  db: Db,
  at: { locationId: number; registrationId: number; today: Date; count: number },
): Promise<void> {
  const samples = sql.join(
    REFUSAL_SAMPLES.map(([reason, detail], i) => sql`(${i + 1}::int, ${reason}, ${detail})`),
    sql`, `,
  );
  await db.execute(sql`
    with samples (n, reason, detail) as (values ${samples}),
    store_sections as (
      select s.id, s.code, c.code as course_code, d.code as department_code,
        row_number() over (order by s.id) as n, count(*) over () as total
      from sections s join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
      where s.location_id = ${at.locationId}
    ), rows as (
      select g, g % ${REFUSED_EVERY_NTH} = 0 as refused,
        case when g % ${INSTRUCTOR_EVERY_NTH} = 0 then 'INSTRUCTOR' else 'LEARNER' end as role,
        (g / ${REFUSED_EVERY_NTH}) % ${REFUSAL_SAMPLES.length} + 1 as sample
      from generate_series(1, ${at.count}) g
    )
    insert into lti_launches (location_id, registration_id, at, outcome, reason, detail,
      message_type, role, subject, section_id, context_id, context_label)
    select ${at.locationId}, ${at.registrationId},
      ${at.today.toISOString()}::timestamptz
        - (r.g - 1) * (interval '1 day' * ${LOG_DAYS} / ${at.count}),
      case when r.refused then 'REFUSED' else 'LAUNCHED' end,
      case when r.refused then x.reason end,
      case when r.refused then x.detail
        when r.role = 'INSTRUCTOR' then 'the account signed in to the launched section'
        else 'no student of the store has the e-mail: public materials shown' end,
      'LtiResourceLinkRequest', r.role, 'platform-user-' || (r.g % 1500),
      case when r.refused then null else s.id end,
      'context-' || s.id, s.department_code || '-' || s.course_code || '-' || s.code
    from rows r join store_sections s on s.n = r.g % s.total + 1
      join samples x on x.n = r.sample`);
}

/**
 * The large store's learning platform (issue 33): one registration and LARGE_LTI_LAUNCHES rows
 * of its launch log, so the benchmarks read the settings screen's lists at a store's size, and
 * a store administrator to read them (the large store's other accounts may not: a new account
 * keeps the other benchmarks' callers as they were).
 */
export async function seedLargeLti(
  db: Db,
  locationId: number,
  today: Date,
  scale: number,
): Promise<{ registrations: number; launches: number }> {
  const count = Math.max(50, Math.round(LARGE_LTI_LAUNCHES * scale));
  return db.transaction(async (tx) => {
    const platform = 'https://canvas.large-university.edu';
    const [registration] = await queryRows<{ id: number }>(
      tx,
      sql`insert into lti_registrations (location_id, name, issuer, client_id, deployment_ids,
          key_set_url, authorization_endpoint, token_endpoint, course_pattern)
        values (${locationId}, 'Canvas', ${platform}, '10000000000001', array['1:large-university'],
          ${`${platform}/api/lti/security/jwks`}, ${`${platform}/api/lti/authorize_redirect`},
          ${`${platform}/login/oauth2/token`}, ${LTI_DEFAULT_COURSE_PATTERN})
        returning id`,
    );
    if (!registration) throw new Error('the large store registration was not made');
    await tx.execute(sql`with account as (
        insert into user_accounts (location_id, user_name, name, email, password_hash)
        select location_id, ${LARGE_STORE_ADMIN}, 'Sam Store-Admin', ${LARGE_STORE_ADMIN},
          password_hash
        from user_accounts where location_id = ${locationId} and user_name = ${LARGE_ADMIN}
        returning id
      )
      insert into user_roles (location_id, account_id, role_id)
      select ${locationId}, a.id, r.id from account a, roles r where r.name = 'STORE_ADMINISTRATOR'`);
    await seedLtiLaunchLog(tx, { locationId, registrationId: registration.id, today, count });
    return { registrations: 1, launches: count };
  });
}
