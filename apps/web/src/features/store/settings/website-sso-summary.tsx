import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { StoreWebsite, WebsiteSso } from '@csp/contracts';
import { DefinitionGrid, LABELLED_FACTS } from '../../../components/definition-grid.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { samlTestUrl } from '../../saml/index.ts';

const NEW_TAB = (
  <>
    <OpenInNewIcon fontSize="small" />
    <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
  </>
);
const DAY_MS = 86_400_000;
/** A certificate this close to its end is worth a warning: time to get the provider's new one. */
const WARN_DAYS = 30;

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <DefinitionGrid
      sx={[
        LABELLED_FACTS,
        { gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' } },
      ]}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </DefinitionGrid>
  );
}

/** Expired: nobody can sign in through the provider; near its end: time to get the new one. */
function CertificateAlert({ expires }: { expires: string }) {
  // The day the page was drawn is "now": a settings screen is not kept open for weeks.
  const [now] = useState(() => Date.now());
  const date = formatDisplayDate(expires);
  const days = Math.ceil((new Date(expires).getTime() - now) / DAY_MS);
  if (days <= 0) {
    return (
      <Alert severity="error">
        The identity provider’s certificate expired on {date}: single sign-on fails until you save
        its current metadata below.
      </Alert>
    );
  }
  if (days > WARN_DAYS) return null;
  return (
    <Alert severity="warning">
      The identity provider’s certificate expires on {date} (in{' '}
      {days === 1 ? '1 day' : `${days} days`}). Ask it for its new metadata and save it below before
      then.
    </Alert>
  );
}

/**
 * A test of the website's own SAML sign-in (ADR 0041), on the origin the server names for it
 * (its public address, or its host on the portal's port): it signs nobody in.
 */
function testSignInUrl(website: StoreWebsite): string {
  return `${new URL(website.spMetadataUrl).origin}${samlTestUrl()}`;
}

/** How the website's users sign in now, in words, with a way to try it when it is SAML. */
export function SsoSummary({ website }: { website: StoreWebsite }) {
  const { sso } = website;
  if (sso.ssoType !== 'SAML') {
    return (
      <Typography>
        <strong>Portal passwords only</strong>: users sign in with their e-mail address and portal
        password.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        SAML single sign-on with {sso.idpEntityId}
      </Typography>
      <Facts facts={samlFacts(sso)} />
      {sso.certificateExpires && <CertificateAlert expires={sso.certificateExpires} />}
      <div>
        <Button
          component="a"
          href={testSignInUrl(website)}
          target="_blank"
          rel="noopener"
          variant="outlined"
          endIcon={NEW_TAB}
        >
          Test the sign-in
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Opens the sign-in through the identity provider in a new tab and shows which account of
          this store the provider’s answer matches. The test signs no one in or out: you stay signed
          in here.
        </Typography>
      </div>
    </Stack>
  );
}

function samlFacts(sso: WebsiteSso): [string, ReactNode][] {
  return [
    ['Sign-on address', sso.idpSsoUrl ?? 'None'],
    ['Sign-off address', sso.idpSloUrl ?? 'None'],
    ['Single logout', sso.sloEnabled ? 'On: signing out signs out of the provider too' : 'Off'],
    [
      'Certificate',
      sso.certificateExpires ? (
        <>
          {sso.certificateSubject ?? 'No subject'}, valid until{' '}
          {formatDisplayDate(sso.certificateExpires)}
        </>
      ) : (
        'None that the portal can read'
      ),
    ],
  ];
}

/** The portal's own SAML metadata for the website, which the identity provider is given. */
export function SpMetadata({ url }: { url: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Address copied.');
    } catch {
      setCopied('Could not copy: select the address and copy it.');
    }
  };
  return (
    <div>
      <Typography component="h5" variant="subtitle2">
        Give your identity provider the portal’s metadata
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Your identity provider needs it to trust this website. Give it this address, or the XML file
        it opens:
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Link
          href={url}
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={{ minWidth: 0 }}>
            {url}
          </Box>
          {NEW_TAB}
        </Link>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
        >
          Copy address
        </Button>
        <Typography component="span" variant="body2" aria-live="polite">
          {copied}
        </Typography>
      </Stack>
    </div>
  );
}
