import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { LtiToolUrls } from '@csp/contracts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';

const ORDER: (keyof LtiToolUrls)[] = ['login', 'launch', 'keySet', 'dynamicRegistration', 'domain'];

/**
 * One address to copy: read-only text (selectable by hand too) and a copy button saying what
 * it copied; the outcome is announced.
 */
export function CopyableAddress({ label, value }: { label: string; value: string }) {
  const [said, setSaid] = useState('');
  // `navigator.clipboard` is absent on plain http away from localhost: that throws before any
  // promise, so the failure is caught here rather than left uncaught and unsaid.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(T.copied(label));
    } catch {
      setSaid(T.copyFailed);
    }
  };
  return (
    <div>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          label={label}
          value={value}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          aria-label={T.copy(label)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Copy
        </Button>
      </Stack>
      <Box
        aria-live="polite"
        sx={{ typography: 'body2', color: 'text.secondary', minHeight: '1.25em' }}
      >
        {said}
      </Box>
    </div>
  );
}

/** The portal's addresses the platform's administrator enters for this tool. */
export function ToolAddresses({ urls }: { urls: LtiToolUrls }) {
  return (
    <Box component="section" aria-labelledby="lti-addresses-title">
      <Typography id="lti-addresses-title" component="h3" variant="subtitle1">
        {T.addressesTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.addressesIntro}
      </Typography>
      <Stack spacing={0.5}>
        {ORDER.map((key) => (
          <CopyableAddress key={key} label={T.addressLabels[key]} value={urls[key]} />
        ))}
      </Stack>
    </Box>
  );
}
