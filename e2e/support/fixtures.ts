import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { STORAGE_KEYS, login, type SessionResponse } from '@csp/contracts';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../apps/server/src/db/seed/demo-accounts.ts';
import { callApi } from './api.ts';
import { hostUrl } from './server.ts';

export type DemoHost = 'localhost' | '127.0.0.1' | 'bookstore-b.localhost';

/** Demo users by a short key: the part of the user name before '@', plus `storeB`. */
export type DemoUserKey =
  'admin' | 'reporter' | 'permissions' | 'submitter' | 'instructor' | 'cma' | 'storeB';

export function demoAccount(key: DemoUserKey): DemoAccount {
  const account =
    key === 'storeB'
      ? DEMO_ACCOUNTS.find((a) => a.store === 'B')
      : DEMO_ACCOUNTS.find((a) => a.store === 'A' && a.userName.startsWith(`${key}@`));
  if (!account) throw new Error(`No demo account ${key}`);
  return account;
}

/**
 * Opens a new browser context already signed in as a demo user: it logs in through the API
 * and puts the session into local storage exactly as the login page would.
 */
export async function newLoggedInContext(
  browser: Browser,
  key: DemoUserKey,
  host: DemoHost = key === 'storeB' ? 'bookstore-b.localhost' : 'localhost',
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; session: SessionResponse; baseUrl: string }> {
  const account = demoAccount(key);
  const res = await callApi<SessionResponse>(host, login.method, login.path, {
    userName: account.userName,
    password: account.password,
  });
  expect(res.status, `demo login of ${account.userName}`).toBe(200);
  const baseUrl = hostUrl(host);
  const context = await browser.newContext({
    ...options,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseUrl,
          localStorage: [
            { name: STORAGE_KEYS.token, value: res.body.token },
            { name: STORAGE_KEYS.username, value: res.body.userName },
            { name: STORAGE_KEYS.password, value: res.body.rememberSecret },
          ],
        },
      ],
    },
  });
  const page = await context.newPage();
  return { context, page, session: res.body, baseUrl };
}

interface Fixtures {
  /** Signs in as a demo user in a fresh context and returns its page, at the given host. */
  loginAs: (key: DemoUserKey, host?: DemoHost) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  loginAs: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (key, host) => {
      const { context, page } = await newLoggedInContext(browser, key, host);
      contexts.push(context);
      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

export { expect };
