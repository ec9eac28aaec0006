import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { NotAvailablePanel } from './not-available-panel.tsx';
import { PageHeading } from './page-heading.tsx';

interface ComingSoonPageProps {
  title: string;
  /** Context from the URL (what was searched for, which section), shown above the panel. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A page whose area is still being built: its real title and an honest explanation. */
export function ComingSoonPage({ title, intro, children }: ComingSoonPageProps) {
  return (
    <Stack spacing={2}>
      <PageHeading>{title}</PageHeading>
      {intro}
      <NotAvailablePanel>{children}</NotAvailablePanel>
    </Stack>
  );
}
