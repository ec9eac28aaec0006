import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endIaStudentSession,
  getIaStudentPage,
  requestIaSignInLink,
  setIaStudentChoice,
  startIaStudentSession,
  STUDENT_SESSION_HEADER,
  type IaChoice,
  type IaStudentPage,
} from '@csp/contracts';
import { apiCall, ApiRequestError } from '../../../lib/api-client.ts';
import { contractQueryKey } from '../../../lib/contract-query.ts';

/**
 * The student page's calls (issue 32, point 2). The student's session token lives in
 * sessionStorage (ADR 0048): it ends with the tab, is never in a cookie the browser would send
 * by itself, and travels only in STUDENT_SESSION_HEADER on the student's own calls.
 */
const STORAGE_KEY = 'csp.iaStudentSession';

function storedSession(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeSession(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(STORAGE_KEY, token);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}

const headersOf = (session: string) => ({ headers: { [STUDENT_SESSION_HEADER]: session } });

/** The student's session: the stored token, and how to start (from a link) and end it. */
export function useStudentSession() {
  const [session, setSession] = useState<string | null>(storedSession);
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: (token: string) => apiCall(startIaStudentSession, { body: { token } }),
    onSuccess: (answer) => {
      // A new session may be another student's (a shared computer): never show the last one's page.
      client.removeQueries({ queryKey: contractQueryKey(getIaStudentPage, {}) });
      storeSession(answer.sessionToken);
      setSession(answer.sessionToken);
    },
  });
  const forget = useCallback(() => {
    storeSession(null);
    setSession(null);
    client.removeQueries({ queryKey: contractQueryKey(getIaStudentPage, {}) });
  }, [client]);
  const signOut = useCallback(async () => {
    const token = session;
    forget();
    if (token) await apiCall(endIaStudentSession, {}, undefined, headersOf(token)).catch(() => {});
  }, [session, forget]);
  return { session, start, forget, signOut };
}

/** "E-mail me a sign-in link": the same answer whatever the address. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (email: string) => apiCall(requestIaSignInLink, { body: { email } }),
  });
}

/** The signed-in student's sections; a 401 (session over) is not retried. */
export function useStudentPage(session: string | null) {
  return useQuery({
    queryKey: contractQueryKey(getIaStudentPage, {}),
    queryFn: ({ signal }) =>
      apiCall(getIaStudentPage, {}, undefined, { signal, ...headersOf(session ?? '') }),
    enabled: session !== null,
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
  });
}

/** Opt out or back in; the answer (the section's new state) replaces it in the page. */
export function useSetChoice(session: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { participantId: number; choice: IaChoice }) =>
      apiCall(
        setIaStudentChoice,
        { params: { participantId: input.participantId }, body: { choice: input.choice } },
        undefined,
        headersOf(session ?? ''),
      ),
    onSuccess: (section) =>
      client.setQueryData<IaStudentPage>(contractQueryKey(getIaStudentPage, {}), (page) =>
        page
          ? {
              ...page,
              sections: page.sections.map((s) =>
                s.participantId === section.participantId ? section : s,
              ),
            }
          : page,
      ),
  });
}
