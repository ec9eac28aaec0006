import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MATERIAL_CHANGE_LABELS,
  confirmRolloverProposals,
  getMyCourses,
  getUnconfirmedRollovers,
  type MyRolloverProposal,
} from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useCallerParams,
  useContractMutation,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

export const PROPOSAL_TEXT = {
  heading: (from: string) => `Proposed by the store from ${from || 'an earlier term'}`,
  intro:
    'The store carried these forward from last time. Confirm each one, or change it on the course page.',
  confirm: 'Confirm',
  confirming: 'Confirming…',
  change: 'Change on the course page',
  confirmed: (title: string) => `Confirmed ${title}.`,
  sections: (codes: readonly string[]) =>
    `${codes.length === 1 ? 'Section' : 'Sections'} ${codes.join(', ')}`,
  /** The button's name: two proposals of one title (two terms, or sections) stay apart. */
  confirmLabel: (title: string, term: string, codes: readonly string[]) =>
    `Confirm ${title} for ${term}, ${codes.length === 1 ? 'section' : 'sections'} ${codes.join(', ')}`,
  required: 'Required',
  recommended: 'Recommended',
} as const;
const T = PROPOSAL_TEXT;

/** Confirms proposals; My courses and the store's unconfirmed list are read again. */
function useConfirmProposals() {
  const params = useCallerParams();
  const invalidate = useInvalidateEndpoints();
  const mutation = useContractMutation(confirmRolloverProposals, {
    onSuccess: () => invalidate([getMyCourses, getUnconfirmedRollovers]),
  });
  return {
    confirm: (ids: number[]) =>
      mutation.mutateAsync({ params, body: { adoptionMaterialIds: ids } }),
    confirming: mutation.isPending,
  };
}

function ProposalRow({
  proposal,
  onConfirm,
  busy,
}: {
  proposal: MyRolloverProposal;
  onConfirm: () => void;
  busy: boolean;
}) {
  const m = proposal.material;
  const facts = [
    m.isbn ? `ISBN ${m.isbn}` : '',
    m.author,
    m.edition ? `Edition ${m.edition}` : '',
    m.noTextRequired ? '' : m.required ? T.required : T.recommended,
    proposal.termName,
    T.sections(proposal.sectionCodes),
  ].filter((f) => f !== '');
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography sx={{ fontWeight: 600 }}>{m.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
        </div>
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          onClick={onConfirm}
          aria-label={T.confirmLabel(m.title, proposal.termName, proposal.sectionCodes)}
          sx={{ flexShrink: 0 }}
        >
          {T.confirm}
        </Button>
      </Stack>
      {m.changes.map((change) => (
        <Alert key={change.kind} severity="warning" role="note" sx={{ py: 0, mt: 0.5 }}>
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {MATERIAL_CHANGE_LABELS[change.kind]}:
          </Box>{' '}
          {change.message}
        </Alert>
      ))}
    </Box>
  );
}

/**
 * The store's rollover proposals on the caller's sections of one course (ADR 0045): each to
 * confirm here, or to change on the course page (where adoptions are edited).
 */
export function RolloverProposals({
  proposals,
  coursePath,
  label,
}: {
  proposals: readonly MyRolloverProposal[];
  coursePath: string;
  label: string;
}) {
  const { confirm, confirming } = useConfirmProposals();
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null);
  if (proposals.length === 0 && !said) return null;
  const run = async (p: MyRolloverProposal) => {
    try {
      await confirm([p.adoptionMaterialId]);
      setSaid({ ok: true, message: T.confirmed(p.material.title) });
    } catch (error) {
      setSaid({ ok: false, message: errorMessage(error) });
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      {proposals.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle2">
            {T.heading(proposals[0]!.fromTermName)}
          </Typography>
          <Typography variant="body2">{T.intro}</Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
            {proposals.map((p) => (
              <ProposalRow
                key={p.adoptionMaterialId}
                proposal={p}
                busy={confirming}
                onConfirm={() => void run(p)}
              />
            ))}
          </Box>
          <Link component={RouterLink} to={coursePath} aria-label={`${T.change}: ${label}`}>
            {T.change}
          </Link>
        </>
      )}
      {said && (
        <Alert
          severity={said.ok ? 'success' : 'error'}
          role={said.ok ? 'status' : 'alert'}
          sx={{ mt: 1 }}
        >
          {said.message}
        </Alert>
      )}
    </Box>
  );
}
