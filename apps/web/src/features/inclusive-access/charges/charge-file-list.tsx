import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadIaChargeFile, fillPath, type IaChargeFile } from '@csp/contracts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCallerParams } from '../../../lib/contract-query.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { count, formatDateTime, plural } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSession } from '../../../platform/session/session-context.tsx';

/** "Download charge file 2 (CSV)": fetched with the Auth-Token (lib/download-file.ts). */
function FileDownload({ termId, file }: { termId: number; file: IaChargeFile }) {
  const { userAccountId } = useCallerParams();
  const token = useSession().session?.token;
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({
    pending: false,
    error: null,
  });
  const download = () => {
    if (!token || state.pending) return;
    setState({ pending: true, error: null });
    downloadFile({
      url: fillPath(downloadIaChargeFile.path, { userAccountId, termId, fileNumber: file.number }),
      method: downloadIaChargeFile.method,
      token,
      fallbackName: `ia-charges-${file.number}.csv`,
      accept: 'text/csv, application/json',
    }).then(
      () => setState({ pending: false, error: null }),
      (error: unknown) => setState({ pending: false, error }),
    );
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon aria-hidden />}
        onClick={download}
        disabled={state.pending || !token}
        aria-label={`Download charge file ${file.number} (CSV)`}
      >
        {state.pending ? 'Downloading…' : 'CSV'}
      </Button>
      {state.error !== null && (
        <Alert severity="error">Could not download: {errorMessage(state.error)}</Alert>
      )}
    </Stack>
  );
}

const made = (file: IaChargeFile) =>
  `${formatDateTime(file.createdAt)} by ${file.createdByName || 'unknown'}`;

/**
 * A term's charge files, newest as the server orders them: a table on a wide screen, one card
 * per file on a phone (five columns do not fit 390 px, and the download must stay in reach).
 */
export function ChargeFileList({
  termId,
  termName,
  files,
}: {
  termId: number;
  termName: string;
  files: readonly IaChargeFile[];
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <Stack
        component="ul"
        aria-label={`Charge files of ${termName}`}
        spacing={1.5}
        sx={{ p: 0, m: 0, listStyle: 'none' }}
      >
        {files.map((file) => (
          <Stack
            component="li"
            key={file.fileId}
            spacing={0.5}
            sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
          >
            <Typography sx={{ fontWeight: 500 }}>
              File {file.number}: {plural(file.lineCount, 'line')}, {formatMoney(file.totalCents)}
            </Typography>
            <Typography variant="body2">Made {made(file)}</Typography>
            <FileDownload termId={termId} file={file} />
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label={`Charge files of ${termName}`}>
      <TableHead>
        <TableRow>
          <TableCell>File</TableCell>
          <TableCell>Made</TableCell>
          <TableCell align="right">Lines</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell>Download</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.fileId}>
            <TableCell component="th" scope="row">
              {file.number}
            </TableCell>
            <TableCell>{made(file)}</TableCell>
            <TableCell align="right">{count(file.lineCount)}</TableCell>
            <TableCell align="right">{formatMoney(file.totalCents)}</TableCell>
            <TableCell>
              <FileDownload termId={termId} file={file} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
