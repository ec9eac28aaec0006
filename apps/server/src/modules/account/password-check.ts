import { setTimeout as delay } from 'node:timers/promises';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';

let dummyHash: Promise<string> | undefined;
/** Verified against when the user is unknown, so timing does not reveal which accounts exist. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}

/** How long a password check takes in this process: a running average of the latest ones. */
let typicalCheckMs = 0;
const SMOOTHING = 0.2;

/**
 * Checks `password` against the account's hash, or against a dummy hash when there is none
 * (an unknown user), so both take one argon2 verification.
 */
export async function checkPassword(hash: string | null | undefined, password: string) {
  const against = hash ?? (await getDummyHash());
  const started = performance.now();
  try {
    return await verifyPassword(against, password);
  } finally {
    const took = performance.now() - started;
    typicalCheckMs =
      typicalCheckMs === 0 ? took : typicalCheckMs + SMOOTHING * (took - typicalCheckMs);
  }
}

/**
 * Waits as long as a password check takes, without doing one: an answer refused unchecked then
 * takes as long as one refused after a check, and costs no argon2 work (which a stranger could
 * otherwise demand without limit from an address at its limit).
 */
export async function asLongAsACheck(): Promise<void> {
  if (typicalCheckMs > 0) await delay(typicalCheckMs);
}

/** Computes the dummy hash and times a first check ahead of the first sign-in. */
export function warmUpSignIn(): void {
  checkPassword(null, 'warm-up').catch(() => undefined);
}
