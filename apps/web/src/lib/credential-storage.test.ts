import { describe, expect, it } from 'vitest';
import { SSO_PASSWORD_PLACEHOLDER } from '@csp/contracts';
import {
  canResumeSession,
  clearStoredCredentials,
  holdsForeignPassword,
  isNonSsoLogin,
  readStoredCredentials,
  storePasswordLogin,
  storeSsoLogin,
} from './credential-storage.ts';

describe('credential storage', () => {
  it('stores a password login under the spec keys, with the remember-me secret as password', () => {
    storePasswordLogin({ token: 'tok', username: 'pat@example.edu', rememberSecret: 'rms1.abc' });
    expect(localStorage.getItem('jwtToken')).toBe('tok');
    expect(localStorage.getItem('username')).toBe('pat@example.edu');
    expect(localStorage.getItem('password')).toBe('rms1.abc');
  });

  it('refuses to store anything that is not a remember-me secret as the password', () => {
    expect(() =>
      storePasswordLogin({ token: 'tok', username: 'pat', rememberSecret: 'hunter2' }),
    ).toThrow(/remember-me secret/);
    expect(localStorage.getItem('password')).toBeNull();
  });

  it('marks a single-sign-on login with the placeholder', () => {
    storeSsoLogin({ token: 'tok', username: 'pat' });
    expect(localStorage.getItem('password')).toBe(SSO_PASSWORD_PLACEHOLDER);
    expect(isNonSsoLogin(readStoredCredentials())).toBe(false);
  });

  it('counts a login as non-SSO only when the password is neither empty nor the placeholder', () => {
    const base = { token: 't', username: 'pat' };
    expect(isNonSsoLogin({ ...base, password: null })).toBe(false);
    expect(isNonSsoLogin({ ...base, password: '' })).toBe(false);
    expect(isNonSsoLogin({ ...base, password: SSO_PASSWORD_PLACEHOLDER })).toBe(false);
    expect(isNonSsoLogin({ ...base, password: 'rms1.x' })).toBe(true);
  });

  it('can resume only with a username and a remember-me secret', () => {
    expect(canResumeSession({ token: null, username: 'pat', password: 'rms1.x' })).toBe(true);
    expect(canResumeSession({ token: null, username: null, password: 'rms1.x' })).toBe(false);
    expect(canResumeSession({ token: null, username: 'pat', password: 'hunter2' })).toBe(false);
    expect(holdsForeignPassword({ token: null, username: 'pat', password: 'hunter2' })).toBe(true);
  });

  it('clears token, username and password together', () => {
    storePasswordLogin({ token: 'tok', username: 'pat', rememberSecret: 'rms1.abc' });
    localStorage.setItem('csp.navMinimised', 'true');
    clearStoredCredentials();
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
    expect(localStorage.getItem('csp.navMinimised')).toBe('true');
  });
});
