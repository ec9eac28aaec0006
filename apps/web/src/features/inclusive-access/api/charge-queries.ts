import {
  createIaChargeFile,
  getIaChargeFileLayout,
  getIaChargeFiles,
  previewIaChargeFile,
  saveIaChargeFileLayout,
  type IaChargeFileColumn,
} from '@csp/contracts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
  useContractQuery,
  useInvalidateEndpoints,
  retryUnlessRefused,
} from '../../../lib/contract-query.ts';

/** A term's charge files and its funded lines (issue 32, point 4). */
export function useChargeFiles(termId: number) {
  const params = { ...useCallerParams(), termId };
  return useContractQuery(getIaChargeFiles, { params }, { retry: retryUnlessRefused });
}

/** What the next file would hold; asked only while the confirmation is open. */
export function useChargePreview(termId: number, enabled: boolean) {
  const params = { ...useCallerParams(), termId };
  return useContractQuery(
    previewIaChargeFile,
    { params },
    { retry: retryUnlessRefused, enabled, staleTime: 0, gcTime: 0 },
  );
}

/** Makes the next file; the list and the preview are asked again after. */
export function useCreateChargeFile(termId: number) {
  const params = { ...useCallerParams(), termId };
  const invalidate = useInvalidateEndpoints();
  const create = useContractMutation(createIaChargeFile, {
    onSettled: () => invalidate([getIaChargeFiles, previewIaChargeFile]),
  });
  return { create: () => create.mutateAsync({ params, body: {} }), pending: create.isPending };
}

export function useChargeFileLayout() {
  return useCallerQuery(getIaChargeFileLayout);
}

export function useSaveChargeFileLayout() {
  const params = useCallerParams();
  const invalidate = useInvalidateEndpoints();
  const save = useContractMutation(saveIaChargeFileLayout, {
    onSuccess: () => invalidate([getIaChargeFileLayout]),
  });
  return {
    save: (columns: IaChargeFileColumn[]) => save.mutateAsync({ params, body: { columns } }),
    pending: save.isPending,
  };
}
