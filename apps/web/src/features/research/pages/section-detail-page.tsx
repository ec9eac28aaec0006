import { useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../platform/feedback/page-loader.tsx';
import { useSectionDetail } from '../api/research-queries.ts';
import { ResearchBreadcrumbs } from '../detail/back-links.tsx';
import { EnrolledStudents } from '../detail/enrolled-students.tsx';
import { SectionCampaignEmails } from '../detail/section-campaign-emails.tsx';
import { SectionCostPanel } from '../detail/section-cost-panel.tsx';
import { SectionFacts } from '../detail/section-facts.tsx';
import { SectionMaterials } from '../detail/section-materials.tsx';
import { SectionLoadFailure, SectionNotFound } from '../detail/section-problems.tsx';
import { sectionIdOf } from '../detail/section-ref.ts';
import { sectionName } from '../list/section-links.tsx';

/** /research/section/{id} (docs/behaviour/routes-and-guard.md): one section, its materials and its students. */
export function SectionDetailPage() {
  const sectionId = sectionIdOf(useParams().id);
  // A malformed id names no section: nothing to ask the server.
  if (sectionId === null) return <SectionNotFound />;
  return <SectionDetail sectionId={sectionId} />;
}

function SectionDetail({ sectionId }: { sectionId: number }) {
  const detail = useSectionDetail(sectionId);
  if (detail.isPending) return <PageLoader label="Loading the section" />;
  if (detail.isError)
    return <SectionLoadFailure error={detail.error} onRetry={() => void detail.refetch()} />;
  const section = detail.data;
  const name = sectionName(section);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <ResearchBreadcrumbs current={name} />
      <div>
        <PageHeading>{name}</PageHeading>
        <Typography color="text.secondary" sx={{ mt: -1 }}>
          {section.termName} · {section.divisionName}
        </Typography>
      </div>
      <SectionFacts section={section} />
      <SectionMaterials section={section} />
      <SectionCostPanel sectionId={section.sectionId} />
      <EnrolledStudents section={section} />
      <SectionCampaignEmails sectionId={section.sectionId} />
    </Stack>
  );
}
