import type { FormEvent, ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/**
 * A wizard page's form, its fields one under another. The wizard's Next button, outside the
 * page, submits it by its id (`formId` of the page's props).
 */
export function WizardForm({
  formId,
  onSubmit,
  spacing = 2.5,
  children,
}: {
  formId: string;
  /** react-hook-form's handleSubmit(...): checks the fields, then moves on. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      id={formId}
      noValidate
      spacing={spacing}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
    >
      {children}
    </Stack>
  );
}
