import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { checkPassword, isCommonPassword } from './password-policy.ts';

const owner = { email: 'jane.doe@campus.edu' };

describe('checkPassword', () => {
  it('accepts long passphrases without composition rules', () => {
    expect(checkPassword('purple elephant dances', owner)).toBeNull();
    expect(checkPassword('alllowercaseletters', owner)).toBeNull();
    expect(checkPassword('a'.repeat(11) + 'b', owner)).toBeNull();
  });

  it('counts code points, not UTF-16 units', () => {
    expect(checkPassword('🐘'.repeat(11), owner)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(checkPassword('🐘🦒'.repeat(6), owner)).toBeNull();
    expect(checkPassword('🐘🦒'.repeat(64), owner)).toBeNull();
    expect(checkPassword('🐘🦒'.repeat(64) + 'x', owner)).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('names the first failing rule', () => {
    expect(checkPassword('short', owner)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(checkPassword('x'.repeat(129), owner)).toBe(PASSWORD_MESSAGES.tooLong);
    expect(checkPassword('############', owner)).toBe(PASSWORD_MESSAGES.repeated);
    expect(checkPassword('Jane.Doe@Campus.edu!', owner)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(checkPassword('hello jane.doe 2024', owner)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(checkPassword('QwertyUIOP123', owner)).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(checkPassword('password1234', owner)).toBe(PASSWORD_MESSAGES.tooCommon);
  });

  it('refuses a user name that differs from the e-mail address', () => {
    const both = { email: 'jd@campus.edu', userName: 'jdoe-staff' };
    expect(checkPassword('i am jdoe-staff here', both)).toBe(PASSWORD_MESSAGES.containsUserName);
    // A local part under four characters is refused only as the whole password.
    expect(checkPassword('jd is a fine start', both)).toBeNull();
  });

  it('ships at least 1,000 common passwords, lower case, none of them a demo password', () => {
    const lines = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.every((l) => l === l.toLowerCase().trim())).toBe(true);
    expect(isCommonPassword('123456')).toBe(true);
    for (const account of DEMO_ACCOUNTS) expect(isCommonPassword(account.password)).toBe(false);
    // The e2e reset spec sets store B's demo password again through the policy.
    const storeB = DEMO_ACCOUNTS.find((a) => a.password === 'campus-demo-store-b');
    expect(storeB && checkPassword(storeB.password, { email: storeB.userName })).toBeNull();
  });
});
