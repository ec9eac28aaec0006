import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  fillPath,
  getStoreSettings,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  storeSettingsAnswer,
  uploadWebsiteLogo,
  type StoreWebsite,
} from '@csp/contracts';
import { FilePicker } from '../../../components/file-picker.tsx';
import { twoColumns } from '../../../components/two-columns.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { contractQueryKey } from '../../../lib/contract-query.ts';
import { uploadWithXhr } from '../../../lib/xhr-upload.ts';
import { useSession } from '../../../platform/session/session-context.tsx';

type LogoKind = 'wide' | 'mobile';
const ACCEPTED = 'image/png,image/jpeg,image/webp';

/** Why a chosen file cannot be a logo, before sending it, in the server's words. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPTED.split(',').includes(file.type)) return LOGO_MESSAGES.notAnImage;
  if (file.size === 0) return LOGO_MESSAGES.empty;
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  return null;
}

/** The message without its "file: " prefix: the picker already says which file. */
const plain = (message: string) => message.replace(/^file: /, '');

function useUploadLogo(websiteId: number) {
  const session = useSession().session;
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: LogoKind; file: File }) => {
      if (!session) return Promise.reject(new Error('Not signed in'));
      const problem = logoFileProblem(file);
      if (problem) return Promise.reject(new ApiRequestError(400, problem, 'file'));
      const path = fillPath(uploadWebsiteLogo.path, {
        userAccountId: session.accountId,
        websiteId,
      });
      return uploadWithXhr({
        method: uploadWebsiteLogo.method,
        url: `${path}?${new URLSearchParams({ kind })}`,
        token: session.token,
        file,
        contentType: file.type,
        answer: storeSettingsAnswer,
      });
    },
    onSuccess: (answer) => {
      const params = { userAccountId: session?.accountId ?? 0 };
      client.setQueryData(contractQueryKey(getStoreSettings, { params }), answer);
    },
  });
}

/**
 * A website's two logos as shown now, each replaced by choosing an image: it is sent at once
 * (PNG, JPEG or WebP, 512 KB at most, checked here first), and the answer shows the new one.
 */
export function WebsiteLogos({ website }: { website: StoreWebsite }) {
  const upload = useUploadLogo(website.id);
  const [result, setResult] = useState<{ kind: LogoKind; error: string | null } | null>(null);
  // A new key clears the browser's file input after each attempt.
  const [attempt, setAttempt] = useState(0);

  const choose = (kind: LogoKind, file: File | null) => {
    if (!file) return;
    setResult(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => setResult({ kind, error: null }),
        onError: (error) => setResult({ kind, error: plain(errorMessage(error)) }),
        onSettled: () => setAttempt((n) => n + 1),
      },
    );
  };

  const picker = (kind: LogoKind, label: string, src: string, hint: string) => {
    const failed = result?.kind === kind ? result.error : null;
    return (
      <Stack spacing={1}>
        <Box sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1, alignSelf: 'start' }}>
          <Box
            component="img"
            src={src}
            alt={`${label} of ${website.host} now`}
            sx={{ display: 'block', height: kind === 'wide' ? 56 : 40, maxWidth: '100%' }}
          />
        </Box>
        <FilePicker
          key={`${kind}-${attempt}`}
          label={`Replace the ${label.toLowerCase()}`}
          accept={ACCEPTED}
          disabled={upload.isPending}
          invalid={Boolean(failed)}
          onChange={(file) => choose(kind, file)}
          helper={failed ?? hint}
        />
      </Stack>
    );
  };

  return (
    // Named with its host: each website card has one, and regions need names of their own.
    <Box component="section" aria-label={`Logos of ${website.host}`} sx={{ mt: 3 }}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        Logos
      </Typography>
      <Box sx={twoColumns('sm')}>
        {picker(
          'wide',
          'Wide logo',
          website.logo,
          'PNG, JPEG or WebP, at most 512 KB; shown 56 px high. Sent as soon as you choose it.',
        )}
        {picker(
          'mobile',
          'Phone logo',
          website.logoMobile,
          'A square image works best; shown 40 px high on phones.',
        )}
      </Box>
      {upload.isPending && (
        <Typography role="status" variant="body2" sx={{ mt: 1 }}>
          Sending the logo…
        </Typography>
      )}
      {result && !result.error && (
        <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
          Logo replaced. Visitors see it on their next page load.
        </Alert>
      )}
    </Box>
  );
}
