import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../../components/page-heading.tsx';
import { StudentResults, studentPath } from '../search/student-results.tsx';
import { StudentSearchForm } from '../search/student-search-form.tsx';
import { MIN_SEARCH_LENGTH, useStudentSearch } from '../search/student-search-query.ts';
import { useStudentSearchView } from '../search/student-search-url-state.ts';

/**
 * /search (docs/behaviour/routes-and-guard.md): find a student by name or student ID. Enter in the field opens a single
 * match at once (a scanned ID card goes straight to the student); several are listed, and the
 * arrow keys or Tab move through them.
 */
export function SearchStudentPage() {
  const navigate = useNavigate();
  const [view, setView] = useStudentSearchView();
  const search = useStudentSearch(view.q, view.page);
  const fieldRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The search the clerk just submitted here: its single match opens. A search arriving by a
  // link (or Back from the student) lists it instead, so Back never bounces forward again.
  const openSingle = useRef<string | null>(null);

  const data = search.isPlaceholderData ? undefined : search.data;
  useEffect(() => {
    if (!data || openSingle.current !== view.q) return;
    openSingle.current = null;
    const [only] = data.students;
    if (data.recordCount === 1 && only) void navigate(studentPath(only.customerId));
  }, [data, view.q, navigate]);

  const searching = view.q.length >= MIN_SEARCH_LENGTH;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <PageHeading>Student Search</PageHeading>
      <StudentSearchForm
        value={view.q}
        inputRef={fieldRef}
        onSearch={(q) => {
          const [only] = data?.students ?? [];
          // The same search again: its answer is on screen already, so nothing would change.
          if (q === view.q && view.page === 1 && data?.recordCount === 1 && only) {
            void navigate(studentPath(only.customerId));
            return;
          }
          openSingle.current = q;
          setView({ q, page: 1 });
        }}
        onArrowDown={() => listRef.current?.querySelector<HTMLAnchorElement>('a[href]')?.focus()}
      />
      {searching && (
        <StudentResults
          q={view.q}
          page={view.page}
          students={search.data?.students ?? []}
          recordCount={search.data?.recordCount}
          loading={search.isFetching}
          error={search.isError ? search.error : null}
          onRetry={() => void search.refetch()}
          onPage={(page) => setView({ page })}
          listRef={listRef}
          onLeaveTop={() => fieldRef.current?.focus()}
        />
      )}
    </Stack>
  );
}
