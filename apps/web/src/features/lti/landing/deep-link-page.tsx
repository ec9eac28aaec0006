import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getLtiDeepLink, LTI_DEEP_LINK_TITLE_MAX, ONE_TIME_CODE_PATTERN } from '@csp/contracts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { retryUnlessRefused, useContractQuery } from '../../../lib/contract-query.ts';
import { PageLoader } from '../../../platform/feedback/page-loader.tsx';
import { LANDING_TEXT as T } from './landing-text.ts';

/**
 * Deep linking (issue 33): the instructor confirms the "Course materials" link the platform asked
 * for. The button submits a real HTML form to the portal, whose answer posts the signed link on
 * to the platform; it works without script, and with script a second press sends nothing.
 */
export function DeepLinkPage() {
  const code = useSearchParams()[0].get('code') ?? '';
  const valid = ONE_TIME_CODE_PATTERN.test(code);
  const link = useContractQuery(
    getLtiDeepLink,
    { query: { code } },
    { enabled: valid, retry: retryUnlessRefused, staleTime: Infinity },
  );
  const [sending, setSending] = useState(false);
  const [titleMissing, setTitleMissing] = useState(false);
  // Back from the platform restores this page from the browser's cache: the button works again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const data = link.data;
  return (
    <AuthCard>
      <PageHeading>{T.deepLinkTitle}</PageHeading>
      {!valid ? (
        <Alert severity="error">{T.deepLinkInvalid}</Alert>
      ) : data ? (
        <Stack
          component="form"
          method="post"
          action={data.answerPath}
          spacing={2}
          onSubmit={(event) => {
            const title = new FormData(event.currentTarget).get('title');
            // Spaces pass `required` but not the server, whose refusal would replace the page.
            if (typeof title !== 'string' || title.trim() === '') {
              event.preventDefault();
              setTitleMissing(true);
              return;
            }
            if (sending) event.preventDefault();
            setSending(true);
          }}
        >
          <Typography>{T.deepLinkIntro(data.platformName)}</Typography>
          <div>
            <Typography component="h2" variant="subtitle2">
              {T.deepLinkCourse}
            </Typography>
            <Typography>{data.courseName ?? T.deepLinkAnyCourse}</Typography>
          </div>
          <input type="hidden" name="code" value={code} />
          <TextField
            name="title"
            label={T.titleLabel}
            defaultValue={data.defaultTitle}
            required
            error={titleMissing}
            helperText={titleMissing ? T.titleRequired : undefined}
            onChange={() => setTitleMissing(false)}
            slotProps={{ htmlInput: { maxLength: LTI_DEEP_LINK_TITLE_MAX } }}
          />
          <Button type="submit" variant="contained" size="large" aria-disabled={sending}>
            {sending ? T.adding : T.deepLinkAdd}
          </Button>
        </Stack>
      ) : link.isError ? (
        <Alert severity="error">{errorMessage(link.error)}</Alert>
      ) : (
        <PageLoader label={T.loadingLink} />
      )}
    </AuthCard>
  );
}
