import { REMEMBER_SECRET_PREFIX, SSO_PASSWORD_PLACEHOLDER, STORAGE_KEYS } from '@csp/contracts';

/** The three local storage keys of docs/behaviour/entities.md, docs/behaviour/constants.md, exactly as stored. */
export interface StoredCredentials {
  token: string | null;
  username: string | null;
  /** Absent, the single-sign-on placeholder, or a remember-me secret (never a real password). */
  password: string | null;
}

export const NO_CREDENTIALS: StoredCredentials = { token: null, username: null, password: null };

// Some browsers (private modes, disabled storage) throw on access; the app must keep working.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredCredentials(): StoredCredentials {
  const store = storage();
  if (!store) return NO_CREDENTIALS;
  return {
    token: store.getItem(STORAGE_KEYS.token),
    username: store.getItem(STORAGE_KEYS.username),
    password: store.getItem(STORAGE_KEYS.password),
  };
}

export function isSsoPlaceholder(password: string | null): boolean {
  return password === SSO_PASSWORD_PLACEHOLDER;
}

export function isRememberSecret(value: string | null): value is string {
  return typeof value === 'string' && value.startsWith(REMEMBER_SECRET_PREFIX);
}

/** docs/behaviour/flows.md: a login is non-single-sign-on only when the password is neither empty nor the placeholder. */
export function isNonSsoLogin(credentials: StoredCredentials): boolean {
  return Boolean(credentials.password) && !isSsoPlaceholder(credentials.password);
}

/** Whether an automatic login can be attempted with what is stored. */
export function canResumeSession(credentials: StoredCredentials): boolean {
  return (
    Boolean(credentials.username) &&
    isNonSsoLogin(credentials) &&
    isRememberSecret(credentials.password)
  );
}

/** Whether a single-sign-on login is stored: its token can restore the session. */
export function canRestoreSsoSession(credentials: StoredCredentials): boolean {
  return (
    Boolean(credentials.token) &&
    Boolean(credentials.username) &&
    isSsoPlaceholder(credentials.password)
  );
}

/**
 * A non-SSO value that is not a remember-me secret can only be a real password left by older
 * software; it must not stay in the browser.
 */
export function holdsForeignPassword(credentials: StoredCredentials): boolean {
  return isNonSsoLogin(credentials) && !isRememberSecret(credentials.password);
}

function write(values: StoredCredentials): void {
  const store = storage();
  if (!store) return;
  const entries: [string, string | null][] = [
    [STORAGE_KEYS.token, values.token],
    [STORAGE_KEYS.username, values.username],
    [STORAGE_KEYS.password, values.password],
  ];
  for (const [key, value] of entries) {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  }
}

/**
 * Stores a password login. Only a remember-me secret is accepted for the `password` key: the
 * check makes it impossible to store the real password by mistake.
 */
export function storePasswordLogin(values: {
  token: string;
  username: string;
  rememberSecret: string;
}): void {
  if (!isRememberSecret(values.rememberSecret)) {
    throw new Error('Refusing to store something that is not a remember-me secret');
  }
  write({ token: values.token, username: values.username, password: values.rememberSecret });
}

/** Stores a single-sign-on login: the password key holds the placeholder. */
export function storeSsoLogin(values: { token: string; username: string }): void {
  write({ token: values.token, username: values.username, password: SSO_PASSWORD_PLACEHOLDER });
}

/** docs/behaviour/flows.md: token, username and password are cleared together. */
export function clearStoredCredentials(): void {
  write(NO_CREDENTIALS);
}

export function isCredentialKey(key: string | null): boolean {
  return key === null || (Object.values(STORAGE_KEYS) as string[]).includes(key);
}
