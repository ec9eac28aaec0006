import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CsvEncoding, CsvSeparator, ImportSummary } from '@csp/contracts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { useRememberImport, useRefreshAfterImport } from './data-queries.ts';
import { uploadImportFile, type UploadProgress } from './upload-import.ts';

export interface UploadChoice {
  file: File;
  formatId: string;
  divisionId: number | null;
  /** A CSV file's dialect as chosen; empty or absent: detected by the server. */
  separator?: CsvSeparator | '';
  encoding?: CsvEncoding | '';
}

/**
 * Sends a feed file and follows its progress. The answer (the import, VALIDATING) goes into
 * the cache its report polls, so the report shows at once. `cancel` stops the upload; a
 * cancelled upload is no error to show.
 */
export function useUploadImport(onUploaded: (summary: ImportSummary) => void) {
  const session = useSession().session;
  const remember = useRememberImport();
  const refresh = useRefreshAfterImport();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (choice: UploadChoice) => {
      if (!session) return Promise.reject(new Error('Not signed in'));
      controller.current = new AbortController();
      setProgress({ loaded: 0, total: choice.file.size });
      return uploadImportFile({
        accountId: session.accountId,
        token: session.token,
        ...choice,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
    },
    onSuccess: (summary) => {
      remember(summary);
      void refresh();
      onUploaded(summary);
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
  });

  const cancelled = mutation.error instanceof DOMException && mutation.error.name === 'AbortError';
  return {
    upload: mutation.mutate,
    cancel: () => controller.current?.abort(),
    reset: mutation.reset,
    uploading: mutation.isPending,
    progress,
    error: cancelled ? null : mutation.error,
    cancelled,
  };
}
