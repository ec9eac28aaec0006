import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getLtiCourseMaterials, ONE_TIME_CODE_PATTERN } from '@csp/contracts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { CostChip } from '../../../components/cost-designation-chip.tsx';
import { failureStatus, LoadFailure } from '../../../components/load-failure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../platform/feedback/page-loader.tsx';
import { retryUnlessRefused, useContractQuery } from '../../../lib/contract-query.ts';
import { costRangeText } from '../../../lib/money.ts';
import { useStudentSession } from '../../inclusive-access/index.ts';
import { IncludedAccessStatus } from './included-access-status.tsx';
import { LANDING_TEXT as T } from './landing-text.ts';
import { MaterialGroup } from './material-group.tsx';

const SECTION_ID = /^[1-9]\d{0,9}$/;

/**
 * A student's landing from the learning platform (issue 33): one section's required and
 * recommended materials with prices and its zero/low-cost mark, as the public textbook list
 * shows them. With `token` (the one-time code of a student the launch knew) the student is
 * signed in as on the student page, the code taken off the address, and the section's included
 * access shown with the way to opt out or back in.
 */
export function CourseMaterialsPage() {
  const raw = useParams().sectionId ?? '';
  const sectionId = SECTION_ID.test(raw) ? Number(raw) : null;
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const { session, start, forget } = useStudentSession();
  const exchanged = useRef(false);
  useEffect(() => {
    if (token === null || exchanged.current) return;
    exchanged.current = true;
    setParams({}, { replace: true });
    if (ONE_TIME_CODE_PATTERN.test(token)) start.mutate(token);
  }, [token, setParams, start]);
  const query = useContractQuery(
    getLtiCourseMaterials,
    { query: { sectionId: sectionId ?? 0 } },
    { enabled: sectionId !== null, retry: retryUnlessRefused },
  );
  const data = query.data;
  const range =
    data && costRangeText(data.section.requiredCostLowCents, data.section.requiredCostHighCents);
  return (
    <AuthCard>
      <PageHeading>
        {data ? `${data.courseCode} ${T.materialsTitle.toLowerCase()}` : T.materialsTitle}
      </PageHeading>
      {sectionId === null ? (
        <Alert severity="error">{T.sectionNotFound}</Alert>
      ) : data ? (
        <Stack spacing={2}>
          <div>
            <Typography sx={{ fontWeight: 500 }}>{data.courseName}</Typography>
            <Typography color="text.secondary">
              Section {data.section.sectionCode} · {data.term.termName} · {data.storeName}
            </Typography>
            {data.section.professors.length > 0 && (
              <Typography color="text.secondary">{data.section.professors.join(', ')}</Typography>
            )}
          </div>
          {/* In a div: the column would stretch the chip across the card. */}
          {data.section.designation !== 'NONE' && (
            <div>
              <CostChip designation={data.section.designation} />
            </div>
          )}
          {range && (
            <Typography>
              {T.requiredCost}: {range}
            </Typography>
          )}
          <MaterialGroup section={data.section} required />
          <MaterialGroup section={data.section} required={false} />
          {(session || start.isPending || start.isError) && (
            <IncludedAccessStatus
              sectionId={sectionId}
              session={session}
              start={start}
              forget={forget}
            />
          )}
        </Stack>
      ) : query.isError ? (
        <LoadFailure
          onRetry={failureStatus(query.error) === 404 ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
        >
          {errorMessage(query.error)}
        </LoadFailure>
      ) : (
        <PageLoader label={T.loadingSection} />
      )}
    </AuthCard>
  );
}
