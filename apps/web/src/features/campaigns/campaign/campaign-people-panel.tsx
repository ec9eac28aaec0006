import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TermCampaign, campaignRecipient } from '@csp/contracts';
import type { z } from 'zod';
import { SearchField } from '../../../components/list/search-field.tsx';
import { Panel } from '../../../components/panel.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { count, plural } from '../../../lib/format.ts';
import { useCampaignRecipients, useSetExclusion } from '../api/campaign-queries.ts';
import { CAMPAIGN_TEXT as T } from './campaign-text.ts';

type CampaignRecipient = z.infer<typeof campaignRecipient>;

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

/** The first this many people are listed; a term can have hundreds, and a search finds one. */
const FIRST_PEOPLE = 10;

interface Toggle {
  toggle: (email: string, excluded: boolean) => void;
  pendingEmail: string | undefined;
}

/** Who is left out and why; only the store's own choice can be taken back here. */
function LeftOutList({ campaign, toggle, pendingEmail }: { campaign: TermCampaign } & Toggle) {
  const headingId = useId();
  return (
    <>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        {T.leftOutTitle}
      </Typography>
      {campaign.exclusions.length === 0 ? (
        <Typography color="text.secondary">{T.noneLeftOut}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={LIST_SX}>
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
                    onClick={() => toggle(exclusion.email, false)}
                  >
                    {T.includeAgain}
                  </Button>
                ) : null
              }
            />
          ))}
        </Box>
      )}
    </>
  );
}

interface PreviewProps extends Toggle {
  people: readonly CampaignRecipient[];
  total: number;
  search: string;
}

/** The people a reminder would mail now, the first ten until asked for all. */
function RecipientList({ people, total, search, toggle, pendingEmail }: PreviewProps) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? people : people.slice(0, FIRST_PEOPLE);
  return (
    <>
      <Typography variant="body2" role="status" sx={{ mt: 1.5, mb: 0.5 }}>
        {total > shown.length
          ? `Showing ${count(shown.length)} of ${plural(total, 'person', 'people')}`
          : plural(total, 'person', 'people')}
      </Typography>
      {people.length === 0 ? (
        <Typography color="text.secondary">
          {search ? `No one matches “${search}”.` : T.noRecipients}
        </Typography>
      ) : (
        <Box component="ul" aria-label="People a reminder would e-mail" sx={LIST_SX}>
          {shown.map((person) => {
            const who = person.name || person.email;
            const action = person.excluded ? T.include : T.leaveOut;
            return (
              <PersonRow
                key={person.email}
                who={who}
                detail={`${person.email} · ${plural(person.sections, 'section')}${person.excluded ? ' · Left out' : ''}`}
                action={
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={pendingEmail === person.email}
                    aria-label={`${action} ${who}`}
                    onClick={() => toggle(person.email, !person.excluded)}
                  >
                    {action}
                  </Button>
                }
              />
            );
          })}
        </Box>
      )}
      {shown.length < people.length && (
        <Button onClick={() => setShowAll(true)} sx={{ mt: 1 }}>
          {`Show all ${count(people.length)}`}
        </Button>
      )}
    </>
  );
}

/**
 * Who the campaign would mail, to leave someone out (a retired instructor, a department that
 * orders elsewhere) or take them back, before scheduling too; and who is left out and why.
 */
export function CampaignPeoplePanel({ campaign }: { campaign: TermCampaign }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const recipients = useCampaignRecipients(campaign.termId, search);
  const { setExcluded, pendingEmail } = useSetExclusion(campaign.termId);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (email: string, excluded: boolean) => {
    setFailure(null);
    setExcluded(email, excluded).catch((error: unknown) => setFailure(errorMessage(error)));
  };
  const answer = recipients.data;

  return (
    <Panel labelledBy={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {T.peopleTitle}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ my: 1.5 }}>
          {failure}
        </Alert>
      )}
      <LeftOutList campaign={campaign} toggle={toggle} pendingEmail={pendingEmail} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
        {T.previewTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.peopleIntro}
      </Typography>
      <SearchField label={T.searchLabel} value={search} onSearch={setSearch} />
      {answer ? (
        <RecipientList
          // A new search starts from its first ten again.
          key={search}
          people={answer.people}
          total={answer.total}
          search={search}
          toggle={toggle}
          pendingEmail={pendingEmail}
        />
      ) : recipients.isError ? (
        <PanelError
          what="the people"
          error={recipients.error}
          onRetry={() => void recipients.refetch()}
        />
      ) : (
        <PanelLoading what="the people" />
      )}
    </Panel>
  );
}
