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

/**
 * The source's tabs; the one open is kept in the URL (?tab=ledger), so a link reopens it. The
 * change replaces the history entry: Back leaves the source rather than walking back through
 * its tabs. Every tab has its panel (hidden unless open), so each tab's aria-controls names an
 * element; only the open one is filled, so only its lists are asked for.
 */
export function SourceTabs({ source }: { source: FundingSource }) {
  const [state, setState] = useUrlState(TAB_STATE, TAB_DEFAULTS);
  const tab = state.tab;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, next: TabValue) => setState({ tab: next }, { replace: true })}
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
      {TABS.map((t) => (
        <Box
          key={t.value}
          role="tabpanel"
          id={panelId(t.value)}
          aria-labelledby={tabId(t.value)}
          hidden={t.value !== tab}
          sx={{ pt: 2, minWidth: 0 }}
        >
          {t.value === tab && <TabContent tab={tab} source={source} />}
        </Box>
      ))}
    </Box>
  );
}

function TabContent({ tab, source }: { tab: TabValue; source: FundingSource }) {
  switch (tab) {
    case 'allowances':
      return <AllowancesTab source={source} />;
    case 'upload':
      return <UploadTab source={source} />;
    case 'ledger':
      return <LedgerTab sourceId={source.sourceId} />;
    case 'activity':
      return <ActivityTab sourceId={source.sourceId} />;
  }
}
