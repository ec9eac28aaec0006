import { useState } from 'react';
import type { AllowanceUpload } from '@csp/contracts';
import { ISSUES_PAGE_SIZE, useUploadIssues } from '../api/funding-queries.ts';
import { FundingQueryState } from '../components/funding-query-state.tsx';
import { PagedBlock } from '../components/paged-list-footer.tsx';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table.tsx';
import { count } from '../../../lib/format.ts';

type Issue = { rowNumber: number; column: string; value: string; message: string };

const COLUMNS: TableColumn<Issue>[] = [
  { key: 'row', label: 'Row', align: 'right', render: (i) => count(i.rowNumber) },
  { key: 'column', label: 'Column', render: (i) => i.column || 'Whole row' },
  { key: 'value', label: 'Value', render: (i) => (i.value === '' ? '(empty)' : i.value) },
  { key: 'message', label: 'Why', render: (i) => i.message },
];

/** The rejected rows of a file, a server page at a time, with the file's line numbers. */
export function UploadIssues({ upload }: { upload: AllowanceUpload }) {
  const [page, setPage] = useState(1);
  const issues = useUploadIssues(upload.uploadId, page, upload.rowsRejected > 0);
  if (upload.rowsRejected === 0) return null;
  return (
    <FundingQueryState query={issues} what="the rejected rows">
      {(data) => (
        <PagedBlock
          loading={issues.isPlaceholderData}
          pager={{
            what: 'rejected rows',
            total: data.recordCount,
            page,
            pageSize: ISSUES_PAGE_SIZE,
            onPage: setPage,
          }}
        >
          <ResponsiveTable
            label="Rejected rows"
            columns={COLUMNS}
            rows={data.issues}
            rowKey={(i) => `${i.rowNumber}-${i.column}-${i.message}`}
          />
        </PagedBlock>
      )}
    </FundingQueryState>
  );
}
