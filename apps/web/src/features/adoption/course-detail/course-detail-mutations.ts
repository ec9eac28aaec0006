import {
  postAdoptionMaterialMessage,
  removeAdoptionFromSection,
  removeProposedTitleAutoAdoption,
  sendFutureAdoptionsEmail,
} from '@csp/contracts';
import { useCallerParams, useContractMutation } from '../../../lib/contract-query.ts';
import { useRefreshCourse } from './course-detail-queries.ts';
import type { CourseRef } from './course-ref.ts';

/*
 * The course screen's changes. Each hook takes only what differs per call; the caller's account
 * id is filled in here. A change refreshes the lists whether it succeeded or not (a removal
 * changes sections' listing counts, a message the adoption's messaging status; a failure may
 * mean someone else changed the adoption first).
 */

export interface MessageInput {
  adoptionMaterialId: number;
  notifySubmitter: boolean;
  ccEmailList: string[];
  message: string;
}

export function usePostMessage() {
  const params = useCallerParams();
  const refresh = useRefreshCourse();
  const mutation = useContractMutation(postAdoptionMaterialMessage, { onSettled: refresh });
  return {
    ...mutation,
    post: (body: MessageInput) => mutation.mutateAsync({ params, body }),
  };
}

export function useRemoveFromSection() {
  const params = useCallerParams();
  const refresh = useRefreshCourse();
  const mutation = useContractMutation(removeAdoptionFromSection, { onSettled: refresh });
  return {
    ...mutation,
    remove: (adoptionMaterialId: number, sectionId: number) =>
      mutation.mutateAsync({ params, body: { adoptionMaterialId, sectionId, remove: true } }),
  };
}

export function useRemoveCourseAdoption() {
  const params = useCallerParams();
  const refresh = useRefreshCourse();
  const mutation = useContractMutation(removeProposedTitleAutoAdoption, { onSettled: refresh });
  return {
    ...mutation,
    remove: (adoptionMaterialId: number) =>
      mutation.mutateAsync({ params, body: { adoptionMaterialId } }),
  };
}

export function useSendFutureAdoptionsEmail(course: CourseRef) {
  const params = useCallerParams();
  const mutation = useContractMutation(sendFutureAdoptionsEmail);
  return { ...mutation, send: () => mutation.mutateAsync({ params, body: course }) };
}
