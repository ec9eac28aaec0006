import { z } from 'zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FUNDING_ACTIVITY_LABELS, type fundingActivityEntry } from '@csp/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { ACTIVITY_PAGE_SIZE, useSourceActivity } from '../api/funding-queries.ts';
import { FundingQueryState } from '../components/funding-query-state.tsx';
import { PagedBlock } from '../components/paged-list-footer.tsx';
import { TabSection } from '../components/tab-section.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';

// The page shown is in the URL under its own key (?apage=2).
const ACTIVITY_STATE = z.object({ apage: z.coerce.number().int().min(1) });
const ACTIVITY_DEFAULTS: z.output<typeof ACTIVITY_STATE> = { apage: 1 };

/** Who changed what on the source, and when, newest first. */
export function ActivityTab({ sourceId }: { sourceId: number }) {
  const [state, setState] = useUrlState(ACTIVITY_STATE, ACTIVITY_DEFAULTS);
  const page = state.apage;
  const setPage = (apage: number) => setState({ apage });
  const activity = useSourceActivity(sourceId, page);
  return (
    <TabSection heading={T.activityHeading}>
      <FundingQueryState query={activity} what="the activity">
        {(data) =>
          data.recordCount === 0 ? (
            <Typography>{T.noActivity}</Typography>
          ) : (
            <PagedBlock
              loading={activity.isPlaceholderData}
              pager={{
                what: 'activity',
                total: data.recordCount,
                page,
                pageSize: ACTIVITY_PAGE_SIZE,
                onPage: setPage,
              }}
            >
              <Box component="ol" aria-label="Activity" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {data.activity.map((entry) => (
                  <ActivityEntry key={entry.activityId} entry={entry} />
                ))}
              </Box>
            </PagedBlock>
          )
        }
      </FundingQueryState>
    </TabSection>
  );
}

function ActivityEntry({ entry }: { entry: z.output<typeof fundingActivityEntry> }) {
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="p" variant="subtitle2">
        {FUNDING_ACTIVITY_LABELS[entry.action]}
      </Typography>
      {entry.summary && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {entry.summary}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {entry.actorName ?? 'System'} · {formatDateTime(entry.at)}
      </Typography>
    </Box>
  );
}
