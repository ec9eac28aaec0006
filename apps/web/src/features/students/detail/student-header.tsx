import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, NO_CURRENT_ENROLLMENT, type StudentDetail } from '@csp/contracts';
import { DefinitionGrid, LABELLED_FACTS } from '../../../components/definition-grid.tsx';
import { formatDisplayDate } from '../../../lib/dates.ts';
import type { ReactNode } from 'react';
import { PermissionCodeHint } from '../../../components/permission-code-hint.tsx';

export const STUDENT_HEADER_MESSAGES = {
  noEnrollment: 'No current enrollment',
  noPreferences: 'No fulfilment preferences recorded',
  addressHidden: `Address hidden: seeing it needs the “${ACTION_LABELS.VIEW_STUDENT_ADDRESS}” permission.`,
  noAddress: 'No shipping address on file',
  noDeliveryNote: 'None',
} as const;
const M = STUDENT_HEADER_MESSAGES;

/** docs/behaviour/entities.md#student-detail: who the student is and how they want their materials. */
export function StudentFacts({ student, action }: { student: StudentDetail; action?: ReactNode }) {
  const address = student.shippingAddress;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, gap: 1.5 }}
      >
        <Box>
          <Typography sx={{ fontSize: '1.1rem' }}>
            Student ID <strong>{student.studentIdNum}</strong>
          </Typography>
          {student.email && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {student.email}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      <DefinitionGrid
        sx={[LABELLED_FACTS, { gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, mt: 2 }]}
      >
        <dt>Shipping preference</dt>
        <dd>{student.shippingPreference || '—'}</dd>
        <dt>Fulfilment preferences</dt>
        <dd>
          <Preferences student={student} />
        </dd>
        <dt>Shipping address</dt>
        <dd>
          {!student.addressVisible ? (
            <Typography component="span" color="text.secondary">
              {M.addressHidden}
              <PermissionCodeHint action="VIEW_STUDENT_ADDRESS" />
            </Typography>
          ) : address ? (
            <>
              {address.streetOne}
              <br />
              {address.city}, {address.state} {address.postalCode}
            </>
          ) : (
            M.noAddress
          )}
        </dd>
        <dt>Delivery note</dt>
        <dd>{student.deliveryNote || M.noDeliveryNote}</dd>
      </DefinitionGrid>
    </Paper>
  );
}

function Preferences({ student }: { student: StudentDetail }) {
  const prefs = student.fulfillmentPreferences;
  if (prefs.length === 0) return <>{M.noPreferences}</>;
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1 }}
      component="ul"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {prefs.map((p) => {
        const none = p.divisionName === NO_CURRENT_ENROLLMENT;
        return (
          <li key={`${p.divisionName}:${p.fulfillment}`}>
            <Chip
              variant="outlined"
              title={p.updatedAt ? `Updated ${formatDisplayDate(p.updatedAt)}` : undefined}
              label={
                none ? (
                  M.noEnrollment
                ) : (
                  <>
                    {p.divisionName}: <strong>{p.fulfillmentFriendlyName}</strong>
                  </>
                )
              }
            />
          </li>
        );
      })}
    </Stack>
  );
}
