import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function SectionResearchPage() {
  return (
    <ComingSoonPage title="Section Research">
      Section research will list course sections with filters for term, department, course,
      instructor and dates, twenty to a page, and open each section&apos;s adoptions, materials and
      enrolled students. Until it is ready, ask the store&apos;s course materials team for section
      details.
    </ComingSoonPage>
  );
}
