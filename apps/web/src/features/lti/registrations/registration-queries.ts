import {
  completeLtiDynamicRegistration,
  createLtiRegistration,
  createLtiRegistrationInvite,
  deleteLtiRegistration,
  listLtiLaunches,
  listLtiRegistrations,
  previewLtiCoursePattern,
  updateLtiRegistration,
  type LtiRegistrationInput,
} from '@csp/contracts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

/** The store's registrations and the portal's addresses to copy. */
export function useLtiRegistrations() {
  return useCallerQuery(listLtiRegistrations);
}

/** The store's last launches and refusals. */
export function useLtiLaunches() {
  return useCallerQuery(listLtiLaunches);
}

/** Saves a new registration or changes one; the list is read again after either. */
export function useSaveRegistration() {
  const params = useCallerParams();
  const invalidate = useInvalidateEndpoints();
  const onSuccess = () => invalidate([listLtiRegistrations]);
  const create = useContractMutation(createLtiRegistration, { onSuccess });
  const update = useContractMutation(updateLtiRegistration, { onSuccess });
  return {
    save: (input: LtiRegistrationInput, registrationId: number | null) =>
      registrationId === null
        ? create.mutateAsync({ params, body: input })
        : update.mutateAsync({ params: { ...params, registrationId }, body: input }),
    saving: create.isPending || update.isPending,
  };
}

export function useDeleteRegistration() {
  const params = useCallerParams();
  const invalidate = useInvalidateEndpoints();
  const mutation = useContractMutation(deleteLtiRegistration, {
    onSuccess: () => invalidate([listLtiRegistrations]),
  });
  return {
    remove: (registrationId: number) =>
      mutation.mutateAsync({ params: { ...params, registrationId } }),
    removing: mutation.isPending,
  };
}

/** Where sample course ids land under a pattern (nothing is saved). */
export function usePatternPreview() {
  const params = useCallerParams();
  const mutation = useContractMutation(previewLtiCoursePattern);
  return {
    preview: (coursePattern: string, sampleIds: string[]) =>
      mutation.mutateAsync({ params, body: { coursePattern, sampleIds } }),
    previewing: mutation.isPending,
  };
}

export function useCreateInvite() {
  const params = useCallerParams();
  const mutation = useContractMutation(createLtiRegistrationInvite);
  return { create: () => mutation.mutateAsync({ params }), creating: mutation.isPending };
}

/** The registration page's one call (public: the invite is the credential). */
export function useCompleteRegistration() {
  return useContractMutation(completeLtiDynamicRegistration);
}
