import { readFileSync } from 'node:fs';
import { checkPasswordRules, type PasswordOwner } from '@csp/contracts';

/**
 * The most common passwords of public breach lists (lower case, one a line), after NIST
 * SP 800-63B's advice to refuse passwords known to be commonly used or compromised.
 */
const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

let commonPasswords: ReadonlySet<string> | undefined;

function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords;
}

export function isCommonPassword(lowerPassword: string): boolean {
  return loadCommonPasswords().has(lowerPassword);
}

/**
 * The server's password check: 12 to 128 code points, not one repeated character, not
 * containing the owner's e-mail address or user name (or its local part), not a common
 * password. No composition rules. Returns the first failing rule's message, or null.
 */
export function checkPassword(password: string, owner: PasswordOwner): string | null {
  return checkPasswordRules(password, owner, isCommonPassword);
}
