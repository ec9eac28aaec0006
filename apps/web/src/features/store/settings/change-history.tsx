import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StoreChange } from '@csp/contracts';
import { PanelSection } from '../../../components/panel-section.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { STORE_TEXT as T } from './store-text.ts';

/** The screen's words for the contract's field names (settings, website branding and sign-on). */
const FIELD_LABELS: Record<string, string> = {
  name: 'store name',
  mailSenderName: 'e-mail sender name',
  taxRatePercent: 'tax rate',
  allowSubmittersToSelectPrintOnly: 'print only for submitters',
  priceChangePercent: 'price change to flag',
  ltcThresholdCents: 'low-cost threshold (cents)',
  libraryLicensedIsZero: 'library-licensed e-books cost nothing',
  costGapThresholdCents: 'cost gap to flag (cents)',
  courseMaterialsEmail: 'course materials team e-mail',
  emailDomains: 'e-mail domains',
  returnAddress: 'return address',
  shippingMethods: 'shipping methods',
  siteTitle: 'site title',
  primaryColor: 'primary colour',
  secondaryColor: 'secondary colour',
  publicUrl: 'public address',
  ssoType: 'single sign-on',
  sloEnabled: 'single logout',
  idpEntityId: 'identity provider',
  idpSsoUrl: 'sign-on address',
  idpSloUrl: 'sign-out address',
};

const EVENT_LABELS: Record<StoreChange['event'], string> = {
  STORE_SETTINGS_CHANGED: 'Store settings changed',
  WEBSITE_CHANGED: 'Website changed',
  WEBSITE_SSO_CHANGED: 'Website single sign-on changed',
};

/** "website localhost: siteTitle" reads "localhost: site title"; "taxRatePercent" "tax rate". */
export function changedFieldLabel(field: string): string {
  const website = /^website (.+): (\w+)$/.exec(field);
  if (website) {
    const [, host = '', name = ''] = website;
    return `${host}: ${name === 'name' ? 'name' : (FIELD_LABELS[name] ?? name)}`;
  }
  return FIELD_LABELS[field] ?? field;
}

/** "tax rate from 6.5 to 8.25" when the server sent the field's values, else its name. */
function describeChange(change: StoreChange, field: string): string {
  const label = changedFieldLabel(field);
  const values = change.values.find((v) => v.field === field);
  if (!values) return label;
  return `${label} from ${values.before ?? 'none'} to ${values.after ?? 'none'}`;
}

/** Section 5: who changed what, newest first (the latest 20, as the server keeps them). */
export function ChangeHistory({ changes }: { changes: readonly StoreChange[] }) {
  return (
    <PanelSection title={T.historyHeading}>
      {changes.length === 0 ? (
        <Typography color="text.secondary">{T.noChanges}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {changes.map((change) => (
            <Box
              component="li"
              key={change.id}
              sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {EVENT_LABELS[change.event]}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(change.at)}
                {change.actor ? ` by ${change.actor.name} (${change.actor.userName})` : ''}
              </Typography>
              {change.fields.length > 0 && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  Changed: {change.fields.map((field) => describeChange(change, field)).join('; ')}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </PanelSection>
  );
}
