import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function FundingManagementPage() {
  return (
    <ComingSoonPage title="Funding Management">
      Funding management will let staff manage vouchers and the funding behind them. Until it is
      ready, ask the store&apos;s business office about vouchers.
    </ComingSoonPage>
  );
}
