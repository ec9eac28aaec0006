import { useState } from 'react';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImportSummary } from '@csp/contracts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelSection } from '../../../components/panel-section.tsx';
import { UnknownPageNotice } from '../../../components/unknown-page-notice.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { useDataStatus, useImportFormats, useImports } from '../api/data-queries.ts';
import { DATA_TEXT as T } from '../data-messages.ts';
import { ImportForm } from '../imports/import-form.tsx';
import { RecentImports } from '../imports/recent-imports.tsx';
import { ImportReport } from '../report/import-report.tsx';
import { FeedStatusPanel, HoldingsPanel } from '../status/data-status-panels.tsx';

/** `?import=` names the import whose report is open, so a reload or a link shows it again. */
const VIEW_SCHEMA = z.object({ import: z.coerce.number().int().nonnegative() });
const VIEW_DEFAULTS = { import: 0 };

/**
 * /data-summary (docs/behaviour/routes-and-guard.md, issue 13, part 2): each feed's last import and what the store holds, then
 * an import: a file checked row by row, its report read before anything is written, applied.
 */
export function DataSummaryPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [view, setView] = useUrlState(VIEW_SCHEMA, VIEW_DEFAULTS);
  // The report opened by this visit's own upload or click takes the focus; one in the link
  // the page was opened with does not.
  const [focusReport, setFocusReport] = useState(false);
  const status = useDataStatus();
  const formats = useImportFormats();
  const imports = useImports();
  const importId = view.import > 0 ? view.import : null;

  const openReport = (summary: ImportSummary) => {
    setFocusReport(true);
    setView({ import: summary.importId });
  };

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <PageHeading>{T.title}</PageHeading>
      <UnknownPageNotice pageName="Data Summary" />
      <FeedStatusPanel status={status} />
      <PanelSection title={T.importHeading}>
        <ImportForm
          formats={formats}
          divisions={status.data?.divisions ?? []}
          divisionsSource={{ isLoading: status.isPending, error: status.error }}
          phone={phone}
          onUploaded={openReport}
        />
      </PanelSection>
      {importId !== null && (
        <ImportReport key={importId} importId={importId} phone={phone} focusOnOpen={focusReport} />
      )}
      <PanelSection title={T.recentHeading}>
        <RecentImports
          imports={imports}
          selectedId={importId}
          phone={phone}
          onOpen={() => setFocusReport(true)}
        />
      </PanelSection>
      <HoldingsPanel status={status} phone={phone} />
    </Stack>
  );
}
