import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MaterialSummary, proposalView, searchResultView } from '../material-summary.tsx';
import type { WizardPageProps } from '../wizard-page-props.ts';
import { twoColumns } from '../../../../components/two-columns.ts';

/**
 * confirmNew (link_new mode): the proposed title being linked beside the catalog title chosen
 * for it. Link converts the adoption to the catalog title; a distributor product is added to
 * the store's catalog first.
 */
export function ConfirmNewPage({ context, send, formId }: WizardPageProps) {
  const proposed = context.adoption?.proposedTitle;
  const chosen = context.material;
  return (
    <Box
      component="form"
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'CONFIRM_NEXT' });
      }}
    >
      <Box sx={twoColumns('sm')}>
        {proposed && <MaterialSummary material={proposalView(proposed)} label="Proposed title" />}
        {chosen && <MaterialSummary material={searchResultView(chosen)} label="Catalog title" />}
      </Box>
      <Typography sx={{ mt: 2 }}>
        Link replaces the proposed title on this adoption with the catalog title. Its answers and
        sections stay as they are.
      </Typography>
    </Box>
  );
}
