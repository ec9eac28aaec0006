import { LTI_PAGES, type LtiLaunchRole, type LtiRefusalReason } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { takeRefusalLogRow } from '../lti-limits.ts';
import { insertLaunchLog } from './launch-repository.ts';

/**
 * A launch the portal refuses: the reason its page names, and the technical detail only the
 * store's launch log shows (a platform's administrator reads it there).
 */
export class LaunchRefusal extends Error {
  constructor(
    readonly reason: LtiRefusalReason,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'LaunchRefusal';
  }
}

/** What is known of a launch so far: the log row of its refusal says as much as was read. */
export interface LaunchTrace {
  registrationId?: number;
  messageType?: string;
  role?: LtiLaunchRole;
  subject?: string;
  contextId?: string;
  contextLabel?: string;
  accountId?: number;
  sectionId?: number;
}

/** The refusal page of `reason`. */
export function refusedLocation(reason: LtiRefusalReason): string {
  return `${LTI_PAGES.refused}?${new URLSearchParams({ reason }).toString()}`;
}

/**
 * Text of the request, bounded and storable (the database refuses NUL): a refusal's detail and
 * trace may quote anything the platform sent.
 */
const storable = (text: string | undefined, max: number) =>
  text === undefined ? null : text.replaceAll('\u0000', '\uFFFD').slice(0, max);

/**
 * Logs the refusal for the store, unless this hour's refusal rows are spent (LTI_LIMITS: nobody
 * floods a store's log with forged launches), and answers the page the browser goes to.
 */
export async function logRefusal(
  deps: Pick<AppDeps, 'db' | 'now' | 'throttle'>,
  locationId: number,
  refusal: LaunchRefusal,
  trace: LaunchTrace,
): Promise<string> {
  if (!(await takeRefusalLogRow(deps.throttle, locationId))) return refusedLocation(refusal.reason);
  await insertLaunchLog(deps.db, {
    locationId,
    at: deps.now(),
    outcome: 'REFUSED',
    reason: refusal.reason,
    detail: storable(refusal.detail, 2000)!,
    registrationId: trace.registrationId ?? null,
    messageType: storable(trace.messageType, 200),
    role: trace.role ?? null,
    subject: storable(trace.subject, 255),
    accountId: trace.accountId ?? null,
    sectionId: trace.sectionId ?? null,
    contextId: storable(trace.contextId, 255),
    contextLabel: storable(trace.contextLabel, 255),
  });
  return refusedLocation(refusal.reason);
}

/**
 * Runs a browser step of the launch (the login, the launch) on the request's website: where
 * the browser goes next, or the refusal page of a {@link LaunchRefusal}, logged for the store
 * with what `work` had read (its trace). An unknown host is refused without a log: no store.
 */
export async function refusingStep<W extends { locationId: number }>(
  deps: Pick<AppDeps, 'db' | 'now' | 'throttle'>,
  website: W | null,
  work: (website: W, trace: LaunchTrace) => Promise<string>,
): Promise<string> {
  if (!website) return refusedLocation('unknown-platform');
  const trace: LaunchTrace = {};
  try {
    return await work(website, trace);
  } catch (error) {
    if (!(error instanceof LaunchRefusal)) throw error;
    return logRefusal(deps, website.locationId, error, trace);
  }
}
