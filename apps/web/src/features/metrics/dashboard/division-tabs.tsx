import { useId } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { MetricsDivision } from '@csp/contracts';
import { METRICS_TEXT as T } from '../metrics-messages.ts';
import { chooseDivision, chooseTerm, useDashboardUrl } from './dashboard-view.ts';
import { DivisionPanel } from './division-panel.tsx';

/**
 * One tab per division (docs/behaviour/routes-and-guard.md#divisional-metrics), in the server's order (by name); the
 * first unless the URL names another. Arrow keys move between tabs and show each at once, as a
 * manager comparing divisions expects. Only the shown division's figures are asked for.
 */
export function DivisionTabs({ divisions }: { divisions: readonly MetricsDivision[] }) {
  const [url, setUrl] = useDashboardUrl();
  const baseId = useId();
  const selected = chooseDivision(divisions, url.division);
  if (!selected) return null;
  const tabId = (d: MetricsDivision) => `${baseId}tab-${d.divisionId}`;
  const panelId = (d: MetricsDivision) => `${baseId}panel-${d.divisionId}`;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={selected.divisionId}
        // A division's terms are its own: the new tab opens on its default term.
        onChange={(_, divisionId: number) =>
          // Replaced, not pushed: arrowing across the tabs selects each one it passes, and
          // Back should leave the dashboard, not walk back through them.
          setUrl({ division: divisionId, term: undefined }, { replace: true })
        }
        aria-label={T.tabsLabel}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        selectionFollowsFocus
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {divisions.map((d) => (
          <Tab
            key={d.divisionId}
            value={d.divisionId}
            label={d.divisionName}
            id={tabId(d)}
            aria-controls={panelId(d)}
            sx={{ fontSize: '1rem' }}
          />
        ))}
      </Tabs>
      {divisions.map((d) => (
        <div
          key={d.divisionId}
          role="tabpanel"
          id={panelId(d)}
          aria-labelledby={tabId(d)}
          hidden={d !== selected}
        >
          {d === selected && (
            <DivisionPanel
              division={d}
              term={chooseTerm(d, url.term)}
              onTermChange={(termId) => setUrl({ division: d.divisionId, term: termId })}
            />
          )}
        </div>
      ))}
    </Box>
  );
}
