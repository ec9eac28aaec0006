import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  getDepartmentContacts,
  setDepartmentContact,
  type DepartmentContact,
} from '@csp/contracts';
import {
  useCallerParams,
  useCallerQuery,
  useContractMutation,
} from '../../../lib/contract-query.ts';

/** The list's filters as the page holds them. */
export interface ContactFilters {
  search: string;
  withoutContact: boolean;
  page: number;
}

/** What the list call answers: one page of departments and how many match in all. */
export interface ContactsAnswer {
  departments: DepartmentContact[];
  recordCount: number;
}

/**
 * One page of the caller's departments with their contacts. The previous page stays on screen
 * while the next loads, so a filter change does not blank the list.
 */
export function useDepartmentContacts(filters: ContactFilters) {
  return useCallerQuery(
    getDepartmentContacts,
    {
      query: {
        ...(filters.search ? { search: filters.search } : {}),
        ...(filters.withoutContact ? { withoutContact: 'true' as const } : {}),
        page: filters.page,
      },
    },
    { placeholderData: keepPreviousData },
  );
}

/**
 * Sets or clears one department's contact. The answer is the department as the list shows it:
 * `remember` puts it in place of that row in every cached page (the card stays where it was,
 * even under "Without a contact", until the list is read again). The card calls it once its
 * form holds the answer, so the new row never meets a form still dirty with the typed text.
 */
export function useSetDepartmentContact(departmentId: number) {
  const params = useCallerParams();
  const client = useQueryClient();
  const mutation = useContractMutation(setDepartmentContact);
  return {
    save: (body: { contactName: string | null; contactEmail: string | null }) =>
      mutation.mutateAsync({ params: { ...params, departmentId }, body }),
    remember: (saved: DepartmentContact) =>
      client.setQueriesData<ContactsAnswer>(
        { queryKey: ['api', getDepartmentContacts.method, getDepartmentContacts.path] },
        (list) =>
          list && {
            ...list,
            departments: list.departments.map((d) =>
              d.departmentId === saved.departmentId ? saved : d,
            ),
          },
      ),
    saving: mutation.isPending,
  };
}
