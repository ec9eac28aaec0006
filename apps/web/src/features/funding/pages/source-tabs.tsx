import { z } from 'zod';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { FundingSource } from '@csp/contracts';
import { useUrlState } from '../../../lib/url-state.ts';
import { AllowancesTab } from '../allowances/allowances-tab.tsx';
import { ActivityTab } from '../history/activity-tab.tsx';
import { LedgerTab } from '../history/ledger-tab.tsx';
import { UploadTab } from '../upload/upload-tab.tsx';

const TABS = [
  { value: 'allowances', label: 'Allowances' },
  { value: 'upload', label: 'Upload' },
  { value: 'ledger', label: 'Ledger' },
  { value: 'activity', label: 'Activity' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const TAB_STATE = z.object({
  tab: z.enum(['allowances', 'upload', 'ledger', 'activity']),
});
const TAB_DEFAULTS: z.output<typeof TAB_STATE> = { tab: 'allowances' };

const tabId = (value: TabValue) => `funding-tab-${value}`;
const panelId = (value: TabValue) => `funding-panel-${value}`;

/** The source's tabs; the one open is kept in the URL (?tab=ledger), so a link reopens it. */
export function SourceTabs({ source }: { source: FundingSource }) {
  const [state, setState] = useUrlState(TAB_STATE, TAB_DEFAULTS);
  const tab = state.tab;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, next: TabValue) => setState({ tab: next })}
        aria-label="Source details"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={tabId(t.value)}
            aria-controls={panelId(t.value)}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={panelId(tab)}
        aria-labelledby={tabId(tab)}
        sx={{ pt: 2, minWidth: 0 }}
      >
        {tab === 'allowances' && <AllowancesTab source={source} />}
        {tab === 'upload' && <UploadTab source={source} />}
        {tab === 'ledger' && <LedgerTab sourceId={source.sourceId} />}
        {tab === 'activity' && <ActivityTab sourceId={source.sourceId} />}
      </Box>
    </Box>
  );
}
