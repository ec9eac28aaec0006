import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TermCampaign } from '@csp/contracts';
import { SearchField } from '../../../components/list/search-field.tsx';
import { Panel } from '../../../components/panel.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { count, plural } from '../../../lib/format.ts';
import { useCampaignRecipients, useSetExclusion } from '../api/campaign-queries.ts';
import { CAMPAIGN_TEXT as T } from './campaign-text.ts';

const LIST_SX = { listStyle: 'none', m: 0, p: 0 } as const;
const ROW_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: 2,
  rowGap: 0.5,
  py: 1,
  borderTop: 1,
  borderColor: 'divider',
} as const;

/** A person's row: who, then its one action at the end of the line (below it on a phone). */
function PersonRow({ who, detail, action }: { who: string; detail: string; action: ReactNode }) {
  return (
    <Box component="li" sx={ROW_SX}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{who}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}

/**
 * Who the campaign would mail, to leave someone out (a retired instructor, a department that
 * orders elsewhere) or take them back, and who is left out and why; before scheduling too.
 */
export function CampaignPeoplePanel({ campaign }: { campaign: TermCampaign }) {
  const headingId = useId();
  const leftOutId = useId();
  const [search, setSearch] = useState('');
  const recipients = useCampaignRecipients(campaign.termId, search);
  const { setExcluded, pendingEmail } = useSetExclusion(campaign.termId);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = async (email: string, excluded: boolean) => {
    setFailure(null);
    try {
      await setExcluded(email, excluded);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const answer = recipients.data;
  const people = answer?.people ?? [];

  return (
    <Panel labelledBy={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {T.peopleTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.peopleIntro}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {failure}
        </Alert>
      )}
      <SearchField label={T.searchLabel} value={search} onSearch={setSearch} />
      {answer ? (
        <>
          <Typography variant="body2" role="status" sx={{ mt: 1.5, mb: 0.5 }}>
            {answer.total > people.length
              ? `Showing ${count(people.length)} of ${plural(answer.total, 'person', 'people')}`
              : plural(answer.total, 'person', 'people')}
          </Typography>
          {people.length === 0 ? (
            <Typography color="text.secondary">
              {search ? `No one matches “${search}”.` : T.noRecipients}
            </Typography>
          ) : (
            <Box component="ul" aria-label="People a reminder would e-mail" sx={LIST_SX}>
              {people.map((person) => (
                <PersonRow
                  key={person.email}
                  who={person.name || person.email}
                  detail={`${person.email} · ${plural(person.sections, 'section')}${person.excluded ? ' · Left out' : ''}`}
                  action={
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={pendingEmail === person.email}
                      aria-label={`${person.excluded ? T.include : T.leaveOut} ${person.name || person.email}`}
                      onClick={() => void toggle(person.email, !person.excluded)}
                    >
                      {person.excluded ? T.include : T.leaveOut}
                    </Button>
                  }
                />
              ))}
            </Box>
          )}
        </>
      ) : recipients.isError ? (
        <PanelError
          what="the people"
          error={recipients.error}
          onRetry={() => void recipients.refetch()}
        />
      ) : (
        <PanelLoading what="the people" />
      )}
      <Typography id={leftOutId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
        {T.leftOutTitle}
      </Typography>
      {campaign.exclusions.length === 0 ? (
        <Typography color="text.secondary">{T.noneLeftOut}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={leftOutId} sx={LIST_SX}>
          {campaign.exclusions.map((exclusion) => (
            <PersonRow
              key={exclusion.email}
              who={exclusion.email}
              detail={`${T.reasons[exclusion.reason]} · ${formatDisplayDate(exclusion.at)}`}
              action={
                // Someone who unsubscribed asked for no more e-mail: only they can undo that.
                exclusion.reason === 'STORE' ? (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={pendingEmail === exclusion.email}
                    aria-label={`${T.includeAgain} ${exclusion.email}`}
                    onClick={() => void toggle(exclusion.email, false)}
                  >
                    {T.includeAgain}
                  </Button>
                ) : null
              }
            />
          ))}
        </Box>
      )}
    </Panel>
  );
}
