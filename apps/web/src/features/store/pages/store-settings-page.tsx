import { Suspense } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StoreSettingsAnswer } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { AddressSection } from '../settings/address-section.tsx';
import { ChangeHistory } from '../settings/change-history.tsx';
import { ShippingSection } from '../settings/shipping-section.tsx';
import { StoreSection } from '../settings/store-section.tsx';
import { useStoreSettings } from '../settings/store-settings-queries.ts';
import { STORE_TEXT as T } from '../settings/store-text.ts';
import { useSettingsSaver } from '../settings/use-settings-saver.ts';
import { WebsiteCard } from '../settings/website-card.tsx';
import { LtiPlatformsSection } from '../../lti/index.ts';

/**
 * Settings > Store settings (issue 29): the store's settings in three sections saved through
 * one call with the version read, each website's branding saved on its own, and the latest
 * changes. Only for MANAGE_STORE (the route's guard); the server refuses anyone else too.
 */
export function StoreSettingsPage() {
  const query = useStoreSettings();
  // Once read, the screen stays up whatever a later refetch does: typed input is never lost.
  const answer = query.data;
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <div>
        <PageHeading>{T.pageTitle}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      {answer ? (
        <StoreSettingsSections answer={answer} refetch={() => query.refetch()} />
      ) : query.isError ? (
        failureStatus(query.error) === 403 ? (
          <LoadFailure severity="warning" title={T.refusedTitle}>
            {query.error.message} {T.refusedHint}
          </LoadFailure>
        ) : (
          <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <PanelLoading what={T.loading} />
      )}
    </Stack>
  );
}

function StoreSettingsSections({
  answer,
  refetch,
}: {
  answer: StoreSettingsAnswer;
  refetch: () => Promise<{ data?: StoreSettingsAnswer; isError: boolean }>;
}) {
  const saver = useSettingsSaver(answer, refetch);
  return (
    <>
      <StoreSection saver={saver} />
      <AddressSection saver={saver} />
      <ShippingSection saver={saver} />
      <PanelSection title={T.websitesHeading}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {T.websitesIntro}
        </Typography>
        <Stack spacing={2}>
          {answer.websites.map((website) => (
            <WebsiteCard key={website.id} website={website} />
          ))}
        </Stack>
      </PanelSection>
      <Suspense fallback={<PanelLoading what="learning platforms" />}>
        <LtiPlatformsSection />
      </Suspense>
      <ChangeHistory changes={answer.history} />
    </>
  );
}
