import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { LtiRegistration } from '@csp/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Panel } from '../../../components/panel.tsx';
import { PanelError, PanelLoading, PanelSection } from '../../../components/panel-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { LaunchLog } from './launch-log.tsx';
import { RegistrationFormDialog } from './registration-form-dialog.tsx';
import {
  useCreateInvite,
  useDeleteRegistration,
  useLtiRegistrations,
} from './registration-queries.ts';
import { LTI_REGISTRATION_TEXT as T } from './registrations-text.ts';
import { CopyableAddress, ToolAddresses } from './tool-addresses.tsx';

type Editing = { registration?: LtiRegistration } | null;

/**
 * The store settings screen's learning platforms (issue 33, point 1): the portal's addresses to
 * copy, the registered platforms (add, edit, remove), a dynamic registration link, and the
 * recent launches with their reasons.
 */
export function LtiPlatformsSection() {
  const query = useLtiRegistrations();
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState('');
  return (
    <PanelSection title={T.sectionTitle}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {query.data ? (
        <Stack spacing={3} divider={<Divider flexItem />}>
          <ToolAddresses urls={query.data.toolUrls} />
          <Box component="section" aria-labelledby="lti-registrations-title">
            <Stack
              direction="row"
              sx={{
                justifyContent: 'space-between',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1,
              }}
            >
              <Typography id="lti-registrations-title" component="h3" variant="subtitle1">
                {T.registrationsTitle}
              </Typography>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
                {T.add}
              </Button>
            </Stack>
            <Box aria-live="polite" sx={{ typography: 'body2', my: 1 }}>
              {said}
            </Box>
            {query.data.registrations.length === 0 ? (
              <Typography>{T.none}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {query.data.registrations.map((registration) => (
                  <RegistrationCard
                    key={registration.registrationId}
                    registration={registration}
                    onEdit={() => setEditing({ registration })}
                    onRemoved={() => setSaid(T.removed(registration.name))}
                  />
                ))}
              </Stack>
            )}
          </Box>
          <InviteLink />
          <LaunchLog />
        </Stack>
      ) : query.isError ? (
        <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PanelLoading what={T.loading} />
      )}
      {editing && (
        <RegistrationFormDialog
          registration={editing.registration}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSaid(`${saved.name} was saved.`);
          }}
        />
      )}
    </PanelSection>
  );
}

function RegistrationCard({
  registration,
  onEdit,
  onRemoved,
}: {
  registration: LtiRegistration;
  onEdit: () => void;
  onRemoved: () => void;
}) {
  const headingId = `lti-registration-${registration.registrationId}`;
  const { remove, removing } = useDeleteRegistration();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await remove(registration.registrationId);
      setAsking(false);
      onRemoved();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Panel labelledBy={headingId} component="article">
      <Typography id={headingId} component="h4" variant="subtitle2">
        {registration.name}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {registration.issuer} · client {registration.clientId} ·{' '}
        {T.deployments(registration.deploymentIds.length)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {T.fields.coursePattern}: {registration.coursePattern} ·{' '}
        {registration.grantInstructors ? T.grantsOn : T.grantsOff}
        {registration.dynamic && ` · ${T.dynamic}`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={onEdit} aria-label={T.edit(registration.name)}>
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => {
            setProblem(null);
            setAsking(true);
          }}
          aria-label={T.remove(registration.name)}
        >
          Remove
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={T.removeTitle(registration.name)}
        message={T.removeMessage}
        alert={problem && <Alert severity="error">{problem}</Alert>}
        confirmLabel={T.removeConfirm}
        danger
        busy={removing}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Panel>
  );
}

/** A single-use link the platform's administrator pastes into the platform to register. */
function InviteLink() {
  const { create, creating } = useCreateInvite();
  const [invite, setInvite] = useState<{ url: string; expiresAt: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const make = async () => {
    setProblem(null);
    try {
      setInvite(await create());
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Box component="section" aria-labelledby="lti-invite-title">
      <Typography id="lti-invite-title" component="h3" variant="subtitle1">
        {T.inviteTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.inviteIntro}
      </Typography>
      <Button variant="outlined" onClick={() => void make()} disabled={creating}>
        {T.inviteCreate}
      </Button>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      {invite && (
        <Box sx={{ mt: 1.5 }}>
          <CopyableAddress label={T.inviteLabel} value={invite.url} />
          <Typography variant="body2">
            {T.inviteExpires(formatDisplayDate(invite.expiresAt))}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
