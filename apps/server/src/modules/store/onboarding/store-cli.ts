/**
 * `npm run store -- <command>`: sets up a real store without the demo seed (docs/operations.md
 * "Onboarding a store"). It reads DATA_DIR / DATABASE_URL, SMTP_URL, PUBLIC_URL and PORT like
 * the server. On PostgreSQL it runs beside a running server; the embedded database allows one
 * process, so there the server must be stopped first (the command says so).
 */
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../../../config.ts';
import { createDb, dbOptionsFromEnv } from '../../../db/client.ts';
import { DataFolderInUseError } from '../../../db/data-folder-lock.ts';
import { ensureReferenceData } from '../../../db/reference-data.ts';
import { createMailer } from '../../../lib/mailer.ts';
import { sendPasswordSetupEmail } from '../../account/index.ts';
import {
  describeIssues,
  inviteInput,
  refFromName,
  storeInput,
  websiteInput,
} from './onboarding-input.ts';
import { createStore, OnboardingError, type OnboardingDeps } from './onboarding.ts';
import {
  printInvitation,
  printMovedWebsite,
  printStoreCreated,
  printStores,
  printWebsite,
} from './store-output.ts';
import {
  addWebsite,
  inviteAdministrator,
  listStoresWithWebsites,
  moveWebsite,
  removeWebsite,
} from './websites.ts';

const USAGE = `Usage: npm run store -- <command> [options]

  create          a store, its first website and its first administrator (invited by e-mail)
                  --name <store name> --host <host> --title <site title>
                  --admin-email <e-mail> --admin-name <name>
                  [--code <store code>] [--site-name <short name>] [--primary <#hex>]
                  [--secondary <#hex>] [--public-url <https://...>] [--tax-rate <percent>]
                  [--email-domain <domain>]... [--resend]
  add-website     another website of a store
                  --store <code> --host <host> --title <site title> [--site-name]
                  [--primary] [--secondary] [--public-url]
  remove-website  --host <host>
  move-website    the website answers at another host, keeping its branding and sign-on
                  --host <host now> --to <new host>
  invite          another administrator, or the invitation again
                  --store <code> --email <e-mail> --name <name> [--resend]
  list            the stores and their websites

Every command can be run again: what exists is reported, what is missing is made.`;

/** The command-line option that carries each input field, for messages. */
const OPTION_OF: Record<string, string> = {
  name: '--name',
  ref: '--code',
  taxRatePercent: '--tax-rate',
  emailDomains: '--email-domain',
  'website.host': '--host',
  'website.siteTitle': '--title',
  'website.siteName': '--site-name',
  'website.primary': '--primary',
  'website.secondary': '--secondary',
  'website.publicUrl': '--public-url',
  'admin.email': '--admin-email',
  'admin.name': '--admin-name',
  host: '--host',
  siteTitle: '--title',
  siteName: '--site-name',
  primary: '--primary',
  secondary: '--secondary',
  publicUrl: '--public-url',
  email: '--email',
  to: '--to',
};

class UsageError extends Error {}

function parseOrThrow<T extends z.ZodType>(
  schema: T,
  optionNames: Record<string, string>,
  value: unknown,
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(describeIssues(parsed.error, optionNames));
  return parsed.data;
}

function readOptions(args: string[]) {
  const text = { type: 'string' } as const;
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: text,
      code: text,
      host: text,
      title: text,
      'site-name': text,
      primary: text,
      secondary: text,
      'public-url': text,
      'tax-rate': text,
      'email-domain': { type: 'string', multiple: true },
      'admin-email': text,
      'admin-name': text,
      store: text,
      to: text,
      email: text,
      resend: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
}

function websiteFields(values: ReturnType<typeof readOptions>['values']) {
  return {
    host: values.host ?? '',
    siteTitle: values.title ?? '',
    siteName: values['site-name'],
    primary: values.primary,
    secondary: values.secondary,
    publicUrl: values['public-url'],
  };
}

function requireOption(value: string | undefined, option: string): string {
  if (!value?.trim()) throw new UsageError(`${option}: is required`);
  return value.trim();
}

async function run(command: string, values: ReturnType<typeof readOptions>['values']) {
  const config = loadConfig();
  const database = await createDb(dbOptionsFromEnv(config.databaseUrl, config.dataDir));
  try {
    await database.exclusive(() => ensureReferenceData(database.db));
    const mailer = createMailer(config);
    const deps: OnboardingDeps = {
      db: database.db,
      now: () => new Date(),
      config,
      sendPasswordSetupEmail: (input) =>
        sendPasswordSetupEmail({ db: database.db, mailer, now: () => new Date() }, input),
    };
    const outbox = config.smtpUrl ? null : `${config.dataDir}/mail`;
    switch (command) {
      case 'create': {
        const optionNames = values.code
          ? OPTION_OF
          : { ...OPTION_OF, ref: '--name (as a store code)' };
        const input = parseOrThrow(storeInput, optionNames, {
          name: values.name ?? '',
          // Without --name only that is reported, not a store code made from nothing.
          ref: values.code ?? (values.name?.trim() ? refFromName(values.name) : 'STORE'),
          taxRatePercent: values['tax-rate'],
          emailDomains: values['email-domain'],
          website: websiteFields(values),
          admin: { email: values['admin-email'] ?? '', name: values['admin-name'] ?? '' },
        });
        const result = await createStore(deps, input, {
          resendInvitation: values.resend,
        });
        printStoreCreated(result, input.admin.email, outbox);
        return;
      }
      case 'add-website': {
        const ref = requireOption(values.store, '--store');
        const input = parseOrThrow(websiteInput, OPTION_OF, websiteFields(values));
        printWebsite(await addWebsite(deps, ref, input));
        return;
      }
      case 'remove-website': {
        const host = parseOrThrow(
          websiteInput.shape.host,
          OPTION_OF,
          requireOption(values.host, '--host'),
        );
        const { outcome, storeRef } = await removeWebsite(deps, host);
        console.log(
          outcome === 'removed'
            ? `Website ${host} removed from ${storeRef}.`
            : `No website has the host ${host}: nothing to remove.`,
        );
        return;
      }
      case 'move-website': {
        const hostOf = (option: '--host' | '--to', value: string | undefined) =>
          parseOrThrow(websiteInput.shape.host, { '': option }, requireOption(value, option));
        const moved = await moveWebsite(
          deps,
          hostOf('--host', values.host),
          hostOf('--to', values.to),
        );
        printMovedWebsite(moved);
        return;
      }
      case 'invite': {
        const ref = requireOption(values.store, '--store');
        const admin = parseOrThrow(inviteInput, OPTION_OF, {
          email: values.email,
          name: values.name,
        });
        const result = await inviteAdministrator(deps, ref, admin, { resend: values.resend });
        printInvitation(admin.email, result.outcome, result.invitation, outbox);
        return;
      }
      case 'list':
        printStores(await listStoresWithWebsites(deps));
        return;
    }
  } finally {
    await database.close();
  }
}

const COMMANDS = ['create', 'add-website', 'remove-website', 'move-website', 'invite', 'list'];

async function main(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof readOptions>;
  try {
    parsed = readOptions(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const command = parsed.positionals[0];
  if (parsed.values.help || !command) {
    console.log(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  if (!COMMANDS.includes(command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  try {
    await run(command, parsed.values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\nSee: npm run store -- --help`);
      return 2;
    }
    if (
      error instanceof OnboardingError ||
      error instanceof DataFolderInUseError ||
      error instanceof ConfigError
    ) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
