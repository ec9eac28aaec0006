import { PERMISSION_AUDIT_EVENTS as EVENTS } from '@csp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { hashPassword } from '../../lib/password-hash.ts';
import type { Session } from '../../lib/session.ts';
import { generatePassword } from './generated-password.ts';
import { PERMISSION_MESSAGES as M } from './messages.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { takeMailAllowance } from '../mail/index.ts';
import { findStoreAccount, insertAccount, insertAudit } from './user-roles-repository.ts';

export interface CreatedAccount {
  userName: string;
  password: string;
  passwordSetupEmailSent: boolean;
}

/**
 * createUserAccount: a new account without roles in the caller's store. The generated password
 * is returned once (only its hash is kept), and the owner is e-mailed a link to choose their own.
 * A mail failure does not undo the account: the caller is told, and can hand over the password.
 * Over the hourly limits of such e-mails per account and store (modules/mail), nothing is made.
 */
export async function createAccount(
  deps: AppDeps,
  session: Session,
  input: { newUsername: string; name: string; origin: string },
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<CreatedAccount> {
  const userName = input.newUsername.trim();
  if (await findStoreAccount(deps.db, session.locationId, userName)) {
    throw AppError.conflict(M.accountExists, 'newUsername');
  }
  // The owner is e-mailed: the account counts against the hourly mail limits before it exists.
  const allowance = await takeMailAllowance(deps.throttle, 'accountSetup', session);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  let accountId: number;
  try {
    accountId = await deps.db.transaction(async (tx) => {
      const id = await insertAccount(tx, {
        locationId: session.locationId,
        userName,
        name: input.name,
        passwordHash,
      });
      await insertAudit(tx, {
        locationId: session.locationId,
        actorAccountId: session.accountId,
        subjectAccountId: id,
        event: EVENTS.accountCreated,
        before: null,
        after: [],
        at: deps.now(),
      });
      return id;
    });
  } catch (error) {
    await allowance.refund();
    if (isUniqueViolation(error)) throw AppError.conflict(M.accountExists, 'newUsername');
    throw error;
  }

  let passwordSetupEmailSent = true;
  try {
    await deps.sendPasswordSetupEmail({
      accountId,
      locationId: session.locationId,
      email: userName,
      name: input.name,
      origin: input.origin,
    });
  } catch (error) {
    passwordSetupEmailSent = false;
    await allowance.refund();
    log.error({ err: error, accountId }, 'password set-up e-mail could not be sent');
  }
  return { userName, password, passwordSetupEmailSent };
}
