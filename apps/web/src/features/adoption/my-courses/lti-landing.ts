import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LTI_MY_COURSES_QUERY, tieLtiCourse, type MyCourse } from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useContractMutation } from '../../../lib/contract-query.ts';

const SECTION_ID = /^[1-9]\d{0,9}$/;

/**
 * A launch from the learning platform lands here (issue 33): with the launched section
 * (`ltiSection`), or with the one-time code of a launch whose course did not map (`ltiPick`),
 * which "This is my course" spends to tie the platform's course to a section; the page then
 * shows that section as launched.
 */
export function useLtiLanding() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(LTI_MY_COURSES_QUERY.section);
  const launchedSectionId = raw && SECTION_ID.test(raw) ? Number(raw) : null;
  const pickCode = params.get(LTI_MY_COURSES_QUERY.pick);
  const tie = useContractMutation(tieLtiCourse);
  const { mutate, reset } = tie;
  const pick = useCallback(
    (sectionId: number) => {
      if (!pickCode) return;
      mutate(
        { body: { pickCode, sectionId } },
        {
          onSuccess: (answer) =>
            setParams(
              { [LTI_MY_COURSES_QUERY.section]: String(answer.sectionId) },
              {
                replace: true,
              },
            ),
          // A code refused as spent, expired or not the caller's never works again: the
          // picker ends (its message stays) and the code leaves the address and its history.
          onError: (error) => {
            if (error instanceof ApiRequestError && error.field === 'pickCode') {
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete(LTI_MY_COURSES_QUERY.pick);
                  return next;
                },
                { replace: true },
              );
            }
          },
        },
      );
    },
    [pickCode, mutate, setParams],
  );
  return {
    launchedSectionId,
    /** While a course is to be picked: the section being tied, and how to tie one. */
    picking: pickCode !== null && launchedSectionId === null,
    pick,
    tying: tie.isPending ? (tie.variables?.body?.sectionId ?? null) : null,
    tieError: tie.error,
    resetTie: reset,
  };
}

/** The launched section's course first; the others keep their order. */
export function launchedFirst(courses: readonly MyCourse[], sectionId: number | null): MyCourse[] {
  if (sectionId === null) return [...courses];
  const launched = courses.filter((c) => c.sections.some((s) => s.sectionId === sectionId));
  return [...launched, ...courses.filter((c) => !launched.includes(c))];
}
