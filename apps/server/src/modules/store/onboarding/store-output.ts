import type { CreateStoreResult, InvitationOutcome, Outcome } from './onboarding.ts';
import type { listStoresWithWebsites, MovedWebsite } from './websites.ts';

const DONE: Record<Outcome, string> = { created: 'created', existing: 'already there' };

function when(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

/** One line on the invitation, and where to find it when no SMTP server is set. */
export function printInvitation(
  email: string,
  account: Outcome,
  invitation: InvitationOutcome,
  outbox: string | null,
): void {
  console.log(`Administrator ${email}: ${DONE[account]}`);
  switch (invitation.kind) {
    case 'sent':
      console.log(
        `  Invitation e-mailed: a link to set a password, valid until ${when(invitation.validUntil)}.`,
      );
      if (outbox) console.log(`  (No SMTP_URL is set: the e-mail is a .eml file in ${outbox}.)`);
      return;
    case 'already-invited':
      console.log(
        `  An invitation is still valid until ${when(invitation.validUntil)}: not sent again ` +
          '(add --resend to send a new link).',
      );
      return;
    case 'has-password':
      console.log('  The account has a password already: no invitation sent.');
  }
}

export function printWebsite(site: { host: string; outcome: Outcome; origin: string }): void {
  console.log(`Website ${site.host}: ${DONE[site.outcome]} (${site.origin})`);
}

export function printStoreCreated(
  result: CreateStoreResult,
  adminEmail: string,
  outbox: string | null,
): void {
  console.log(
    `Store ${result.store.externalRef} (${result.store.name}): ${DONE[result.store.outcome]}`,
  );
  printWebsite(result.website);
  printInvitation(adminEmail, result.admin.outcome, result.admin.invitation, outbox);
}

export function printStores(stores: Awaited<ReturnType<typeof listStoresWithWebsites>>): void {
  if (stores.length === 0) {
    console.log('No stores yet. Create one with: npm run store -- create --help');
    return;
  }
  for (const store of stores) {
    console.log(`${store.externalRef}  ${store.name}  (${store.accounts} accounts)`);
    for (const site of store.websites) {
      const sso = site.ssoType === 'SAML' ? ', SAML sign-on' : '';
      console.log(`  ${site.host}  "${site.siteTitle}"  ${site.origin}${sso}`);
    }
  }
}

export function printMovedWebsite(moved: MovedWebsite): void {
  if (moved.outcome === 'existing') {
    console.log(`Website ${moved.host}: already there (${moved.origin})`);
    return;
  }
  console.log(`Website ${moved.from} moved to ${moved.host} (${moved.origin})`);
  for (const followUp of moved.followUps) console.log(`Still to do: ${followUp}`);
}
