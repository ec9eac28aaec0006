import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  PAGE_LABELS,
  stepAnnouncement,
  stepOf,
  type WizardFlow,
  type WizardPage,
} from './wizard-flows.ts';

/**
 * Where the user is: "Step 2 of 3: Questions", said politely to screen readers when the page
 * changes (a status region), and the flow's steps drawn out where there is room for them.
 */
export function WizardSteps({ flow, page }: { flow: WizardFlow | null; page: WizardPage }) {
  const step = stepOf(flow, page);
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary">
        {stepAnnouncement(flow, page)}
      </Typography>
      {step.total > 1 && (
        <Stepper
          activeStep={step.number - 1}
          aria-hidden
          sx={{ display: { xs: 'none', sm: 'flex' } }}
        >
          {step.pages.map((p) => (
            <Step key={p}>
              <StepLabel>{PAGE_LABELS[p]}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
    </>
  );
}
