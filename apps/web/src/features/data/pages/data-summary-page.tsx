import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function DataSummaryPage() {
  return (
    <ComingSoonPage title="Data Summary">
      The data summary will show the status of the store&apos;s data imports and integrations.
      Until it is ready, ask the store&apos;s system administrator about import status.
    </ComingSoonPage>
  );
}
