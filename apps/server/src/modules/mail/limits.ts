import { AppError } from '@csp/http-kit';
import {
  describeWait,
  retryAfterSeconds,
  type AttemptThrottle,
  type Limit,
} from '../throttle/index.ts';

const HOUR = 3_600_000;
const perHour = (max: number): Limit => ({ max, windowMs: HOUR });

interface MailLimit {
  /** Sends per account and hour; none where the request has no account (a password reset). */
  account?: Limit;
  /** Sends per store and hour, whoever asks. */
  store: Limit;
  /** What was done `n` times, after "You have" / "This store has". */
  done: (n: number) => string;
  /** What the user can do instead of waiting, if anything. */
  instead?: string;
}

/**
 * The hourly limits of every request that sends e-mail, per account and per store (ADR 0024
 * says why these numbers). One request is one send, however many recipients it has; a voucher
 * mailing run is one send too (it mails each unsent voucher once).
 */
export const MAIL_LIMITS = {
  message: {
    account: perHour(30),
    store: perHour(300),
    done: (n) => `e-mailed ${n} messages`,
  },
  /**
   * Sign-in links to the inclusive-access student page (issue 32): no account asks, so only the
   * store's hour counts here; per address and per client, the page's own limits apply
   * (inclusive-access/student-page/sign-in-limits.ts), as for password resets.
   */
  iaSignInLink: {
    store: perHour(600),
    done: (n) => `sent ${n} course materials sign-in links`,
  },
  catalogExport: {
    account: perHour(10),
    store: perHour(100),
    done: (n) => `e-mailed ${n} exports`,
    instead: 'Download this one instead',
  },
  futureAdoptions: {
    account: perHour(20),
    store: perHour(200),
    done: (n) => `sent ${n} future adoptions e-mails`,
  },
  adoptionNotice: {
    account: perHour(60),
    store: perHour(600),
    done: (n) => `made ${n} adoptions (each is e-mailed to the course materials team)`,
  },
  accountSetup: {
    account: perHour(60),
    store: perHour(300),
    done: (n) => `created ${n} accounts (each is e-mailed a link to set its password)`,
  },
  voucher: {
    account: perHour(120),
    store: perHour(600),
    done: (n) => `e-mailed ${n} vouchers`,
    instead: 'Print this one instead',
  },
  voucherRun: {
    account: perHour(10),
    store: perHour(30),
    done: (n) => `started ${n} voucher mailings`,
  },
  campaignSchedule: {
    account: perHour(20),
    store: perHour(60),
    done: (n) => `scheduled ${n} adoption campaigns`,
  },
  passwordReset: {
    store: perHour(300),
    done: (n) => `sent ${n} password reset e-mails`,
  },
  /**
   * Inclusive-access reminders to students (issue 32): a scheduled job, one unit per e-mail and
   * no account. 1,000 an hour gets a term's 5,000 students their reminder within the first
   * morning of its window while a store's mail server (and its reputation) sees no burst; a
   * run over it stops for the store and the next hourly run goes on.
   */
  iaReminder: {
    store: perHour(1000),
    done: (n) => `sent ${n} inclusive access reminders`,
  },
} as const satisfies Record<string, MailLimit>;

export type MailKind = keyof typeof MAIL_LIMITS;

/** Who is sending: the account (when signed in) and its store. */
export interface MailSenderKeys {
  accountId?: number;
  locationId: number;
}

export interface MailLimitKey {
  key: string;
  limit: Limit;
  scope: 'account' | 'store';
}

/** The counters a send of `kind` by `who` counts against. */
export function mailLimitKeys(kind: MailKind, who: MailSenderKeys): MailLimitKey[] {
  const limits: MailLimit = MAIL_LIMITS[kind];
  const keys: MailLimitKey[] = [
    { key: `mail:${kind}:store:${who.locationId}`, limit: limits.store, scope: 'store' },
  ];
  if (limits.account && who.accountId !== undefined) {
    keys.unshift({
      key: `mail:${kind}:account:${who.accountId}`,
      limit: limits.account,
      scope: 'account',
    });
  }
  return keys;
}

/** A send the hourly limits refused (429): monitoring counts these by `kind`. */
export class MailLimitError extends AppError {
  constructor(
    readonly kind: MailKind,
    message: string,
    retryAfter: string,
  ) {
    super(429, message, undefined, { 'retry-after': retryAfter });
  }
}

/** A send counted against its limits; given back when nothing was sent after all. */
export interface MailAllowance {
  refund(): Promise<void>;
}

/**
 * Counts one send of `kind` against the account's and the store's hourly limits, before
 * anything is sent. Over either limit, nothing is counted and the request is refused: 429 with
 * Retry-After, saying whose limit it is and when to try again. The caller refunds the allowance
 * when the request then sends nothing (it failed, or it repeated an earlier one).
 */
export async function takeMailAllowance(
  throttle: AttemptThrottle,
  kind: MailKind,
  who: MailSenderKeys,
): Promise<MailAllowance> {
  const keys = mailLimitKeys(kind, who);
  const result = await throttle.take(keys);
  if (!result.allowed) {
    const refused = keys.filter((k) => result.refusedBy.some((r) => r.key === k.key));
    const own = refused.find((k) => k.scope === 'account');
    const limits: MailLimit = MAIL_LIMITS[kind];
    const subject = own ? 'You have' : 'This store has';
    const max = (own ?? refused[0] ?? keys[0]!).limit.max;
    const wait = describeWait(result.waitMs);
    const next = limits.instead ? `${limits.instead}, or try again` : 'Try again';
    throw new MailLimitError(
      kind,
      `${subject} ${limits.done(max)} in the last hour. ${next} in ${wait}.`,
      retryAfterSeconds(result.waitMs),
    );
  }
  let refunded = false;
  return {
    async refund() {
      if (refunded) return;
      refunded = true;
      for (const { key } of keys) await throttle.refund(key);
    },
  };
}
