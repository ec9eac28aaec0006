import { z } from 'zod';
import type { FundingSource } from '@csp/contracts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useAllowanceUpload } from '../api/funding-queries.ts';
import { FundingLoadProblem } from '../components/funding-problems.tsx';
import { PanelLoading } from '../../../components/panel-section.tsx';
import { TabSection } from '../components/tab-section.tsx';
import { FUNDING_TEXT as T } from '../funding-messages.ts';
import { AllowanceFileHelp } from './allowance-file-help.tsx';
import { UploadForm } from './upload-form.tsx';
import { UploadHistory } from './upload-history.tsx';
import { UploadReport } from './upload-report.tsx';

// The report shown is in the URL (?upload=31), so a reload or a link shows it again.
const UPLOAD_STATE = z.object({ upload: z.coerce.number().int().min(0) });
const UPLOAD_DEFAULTS: z.output<typeof UPLOAD_STATE> = { upload: 0 };

/** Upload a file of allowances: checked row by row and reported, then applied at once. */
export function UploadTab({ source }: { source: FundingSource }) {
  const [state, setState] = useUrlState(UPLOAD_STATE, UPLOAD_DEFAULTS);
  const shownId = state.upload > 0 ? state.upload : null;
  const report = useAllowanceUpload(shownId);
  const show = (uploadId: number) => setState({ upload: uploadId });
  return (
    <TabSection heading={T.uploadHeading} spacing={3}>
      <AllowanceFileHelp />
      <UploadForm sourceId={source.sourceId} onChecked={(upload) => show(upload.uploadId)} />
      {shownId !== null &&
        (report.isPending ? (
          <PanelLoading what="the report" />
        ) : report.isError ? (
          <FundingLoadProblem
            error={report.error}
            what="the report"
            ofSource={false}
            onRetry={() => void report.refetch()}
          />
        ) : (
          // A new file is a new report: its rejected rows open on page 1, and an earlier
          // file's apply refusal does not carry over to it.
          <UploadReport key={report.data.uploadId} upload={report.data} source={source} />
        ))}
      <UploadHistory sourceId={source.sourceId} shownId={shownId} onShow={show} />
    </TabSection>
  );
}
