import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_CONTACTS_PAGE_SIZE, type DepartmentContact } from '@csp/contracts';
import { LoadFailure, failureStatus } from '../../../components/load-failure.tsx';
import { SearchField } from '../../../components/list/search-field.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PanelError, PanelLoading } from '../../../components/panel-section.tsx';
import {
  useDepartmentContacts,
  type ContactFilters,
  type ContactsAnswer,
} from '../api/contact-queries.ts';
import { DepartmentContactCard } from '../contacts/department-contact-card.tsx';
import { CONTACT_TEXT as T } from '../contacts/contact-text.ts';
import { byDivision, type DivisionGroup } from '../division-groups.ts';

/**
 * Department contacts (issue 30): who gets each department's campaign digest, set or cleared
 * per department. Only for MANAGE_ADOPTION_CAMPAIGNS (the route's guard); the server narrows
 * the list to the caller's divisions, pages it, and refuses anyone else.
 */
export function DepartmentContactsPage() {
  const [filters, setFilters] = useState<ContactFilters>({
    search: '',
    withoutContact: false,
    page: 1,
  });
  const query = useDepartmentContacts(filters);
  const answer = query.data;
  return (
    <Stack spacing={3} useFlexGap sx={{ maxWidth: 960 }}>
      <div>
        <PageHeading>{T.pageTitle}</PageHeading>
        <Typography>{T.intro}</Typography>
      </div>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: 'center' } }}
      >
        <SearchField
          label={T.search}
          value={filters.search}
          onSearch={(search) => setFilters((f) => ({ ...f, search, page: 1 }))}
        />
        <FormControlLabel
          label={T.withoutContact}
          control={
            <Checkbox
              checked={filters.withoutContact}
              onChange={(event) =>
                setFilters((f) => ({ ...f, withoutContact: event.target.checked, page: 1 }))
              }
            />
          }
        />
      </Stack>
      {answer ? (
        <ContactList
          answer={answer}
          filtered={filters.search !== '' || filters.withoutContact}
          page={filters.page}
          onPage={(page) => setFilters((f) => ({ ...f, page }))}
        />
      ) : query.isError ? (
        failureStatus(query.error) === 403 ? (
          <LoadFailure severity="warning" title={T.refusedTitle}>
            {query.error.message} {T.refusedHint}
          </LoadFailure>
        ) : (
          <PanelError what={T.loading} error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <PanelLoading what={T.loading} />
      )}
    </Stack>
  );
}

interface ContactListProps {
  answer: ContactsAnswer;
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
}

function ContactList({ answer, filtered, page, onPage }: ContactListProps) {
  if (answer.departments.length === 0) {
    return <Alert severity="info">{filtered ? T.noMatch : T.empty}</Alert>;
  }
  const divisions = byDivision(answer.departments);
  const pages = Math.ceil(answer.recordCount / DEFAULT_CONTACTS_PAGE_SIZE);
  const count = (
    <Typography variant="body2" color="text.secondary" role="status">
      {answer.recordCount} {answer.recordCount === 1 ? 'department' : 'departments'}
    </Typography>
  );
  const paging =
    pages > 1 ? (
      <Pagination
        count={pages}
        page={page}
        onChange={(_, next) => onPage(next)}
        aria-label="Pages of departments"
      />
    ) : null;
  return (
    <Stack spacing={3} useFlexGap>
      {count}
      {divisions.length === 1
        ? divisions[0]!.items.map((d) => (
            <DepartmentContactCard
              key={d.departmentId}
              department={d}
              headingLevel="h2"
              label={`${d.code} ${d.name}`}
            />
          ))
        : divisions.map((division) => (
            <DivisionSection key={division.divisionId} division={division} />
          ))}
      {paging}
    </Stack>
  );
}

function DivisionSection({ division }: { division: DivisionGroup<DepartmentContact> }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} useFlexGap>
      <Typography id={headingId} component="h2" variant="h6">
        {division.divisionName}
      </Typography>
      {division.items.map((d) => (
        <DepartmentContactCard
          key={d.departmentId}
          department={d}
          headingLevel="h3"
          label={`${d.code} ${d.name}, ${division.divisionName}`}
        />
      ))}
    </Stack>
  );
}
