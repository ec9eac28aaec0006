import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getAllowanceUpload,
  getAllowanceUploads,
  getSourceActivity,
  type AllowanceUpload,
} from '@csp/contracts';
import { useSession } from '../../../platform/session/session-context.tsx';
import { contractQueryKey, useInvalidateEndpoints } from '../../../lib/contract-query.ts';
import { uploadAllowanceFile, type UploadProgress } from './upload-allowance-file.ts';

/** Sends an allowance file with its progress; the report it answers goes to `onChecked`. */
export function useUploadAllowanceFile(
  sourceId: number,
  onChecked: (upload: AllowanceUpload) => void,
) {
  const session = useSession().session;
  const invalidate = useInvalidateEndpoints();
  const client = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      if (!session) return Promise.reject(new Error('Not signed in'));
      setProgress({ loaded: 0, total: file.size });
      return uploadAllowanceFile({
        accountId: session.accountId,
        token: session.token,
        sourceId,
        file,
        onProgress: setProgress,
      });
    },
    onSuccess: (upload) => {
      // The answer is the report: shown at once, without asking for it again.
      const params = { userAccountId: session?.accountId ?? 0, uploadId: upload.uploadId };
      client.setQueryData(contractQueryKey(getAllowanceUpload, { params }), upload);
      void invalidate([getAllowanceUploads, getSourceActivity]);
      onChecked(upload);
    },
    onSettled: () => setProgress(null),
  });
  return {
    upload: mutation.mutate,
    uploading: mutation.isPending,
    progress,
    error: mutation.error,
    reset: mutation.reset,
  };
}
