import {
  LTI_REFUSALS,
  LTI_REGISTRATION_MESSAGES as M,
  type LtiLaunchLogEntry,
  type LtiRegistration as LtiRegistrationAnswer,
  type LtiRegistrationInput,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import { requirePlatformAddress } from '../platform-address.ts';
import { forgetFrameOrigins } from './frame-origins.ts';
import type { latestLaunches } from './launch-log-repository.ts';
import {
  findStoreRegistration,
  insertRegistration,
  issuerClientTaken,
  updateRegistration,
  type LtiRegistration,
} from './registration-repository.ts';

/** A stored registration as the settings screen reads it. */
export function registrationAnswer(
  row: LtiRegistration & { dynamic: boolean },
): LtiRegistrationAnswer {
  return {
    registrationId: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    keySetUrl: row.keySetUrl,
    authorizationEndpoint: row.authorizationEndpoint,
    tokenEndpoint: row.tokenEndpoint,
    frameOrigins: row.frameOrigins,
    coursePattern: row.coursePattern,
    grantInstructors: row.grantInstructors,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dynamic: row.dynamic,
  };
}

/** The addresses the portal calls or lets frame it, under LTI_LOCAL_PLATFORMS: 400 naming the field. */
function requirePlatformAddresses(config: AppDeps['config'], input: LtiRegistrationInput): void {
  requirePlatformAddress(config, 'keySetUrl', input.keySetUrl);
  requirePlatformAddress(config, 'authorizationEndpoint', input.authorizationEndpoint);
  if (input.tokenEndpoint) requirePlatformAddress(config, 'tokenEndpoint', input.tokenEndpoint);
  input.frameOrigins.forEach((origin, index) =>
    requirePlatformAddress(config, `frameOrigins.${index}`, origin),
  );
}

const duplicate = () => AppError.conflict(M.duplicate, 'clientId');

/** Runs a registration's write: an issuer and client id the store has already answers 409. */
async function registrationWrite<T>(
  deps: Pick<AppDeps, 'db'>,
  locationId: number,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction((tx) => write(tx));
  } catch (error) {
    // Two saves of one issuer and client id at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  } finally {
    forgetFrameOrigins(deps.db, locationId);
  }
}

/**
 * Saves a new registration of the store (a second save of the same platform and client id, a
 * double submit too, answers 409); `alsoInTransaction` runs with it (dynamic registration
 * spends its invite there).
 */
export async function createRegistration(
  deps: Pick<AppDeps, 'db' | 'config'>,
  locationId: number,
  createdBy: number | null,
  input: LtiRegistrationInput,
  alsoInTransaction?: (tx: Db, registrationId: number) => Promise<void>,
): Promise<LtiRegistrationAnswer> {
  requirePlatformAddresses(deps.config, input);
  return registrationWrite(deps, locationId, async (tx) => {
    if (await issuerClientTaken(tx, locationId, input, null)) throw duplicate();
    const row = await insertRegistration(tx, locationId, input, createdBy);
    await alsoInTransaction?.(tx, row.id);
    return registrationAnswer({ ...row, dynamic: alsoInTransaction !== undefined });
  });
}

export async function changeRegistration(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  locationId: number,
  registrationId: number,
  input: LtiRegistrationInput,
): Promise<LtiRegistrationAnswer> {
  requirePlatformAddresses(deps.config, input);
  return registrationWrite(deps, locationId, async (tx) => {
    if (!(await findStoreRegistration(tx, locationId, registrationId))) {
      throw AppError.notFound(M.notFound, 'registrationId');
    }
    if (await issuerClientTaken(tx, locationId, input, registrationId)) throw duplicate();
    await updateRegistration(tx, locationId, registrationId, input, deps.now());
    return registrationAnswer((await findStoreRegistration(tx, locationId, registrationId))!);
  });
}

/** A launch log row as the settings screen shows it: the reason's sentence beside its code. */
export function launchLogEntry(
  row: Awaited<ReturnType<typeof latestLaunches>>[number],
): LtiLaunchLogEntry {
  const reason = row.reason;
  const reasonText =
    reason && reason in LTI_REFUSALS ? LTI_REFUSALS[reason as keyof typeof LTI_REFUSALS] : null;
  return { ...row, at: row.at.toISOString(), reasonText };
}
