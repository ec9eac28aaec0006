import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';

/** /textbooks: the public textbook list of this website's store (HEOA). */
export function TextbookListPage() {
  return (
    <ComingSoonPage title="Textbook List">The textbook list is being prepared.</ComingSoonPage>
  );
}
