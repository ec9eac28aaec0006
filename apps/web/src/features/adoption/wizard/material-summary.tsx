import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MaterialSearchResult, MaterialSource, ProposedTitleInput } from '@csp/contracts';
import { materialOf } from '../course-detail/adoption-format.ts';
import type { WizardContext } from './wizard-context.ts';

/** Where a search result comes from, in words (never a colour alone). */
export const SOURCE_LABELS: Record<MaterialSource, string> = {
  CATALOG: "In the store's catalog",
  EXTERNAL: 'Distributor catalog',
};

/** A material as the wizard shows it, whatever it is. */
export interface MaterialView {
  description: string;
  /** Author, edition, publisher, ISBN, source: what is known, in that order. */
  facts: string[];
}

interface MaterialFactsOf {
  author?: string | null;
  edition?: string | null;
  publisher?: string | null;
  isbn?: string | null;
}

/** Author, edition, publisher, ISBN, then where it comes from: what is known, in that order. */
const materialFacts = (material: MaterialFactsOf, origin: string | null) =>
  [
    material.author,
    material.edition && `Edition: ${material.edition}`,
    material.publisher,
    material.isbn && `ISBN ${material.isbn}`,
    origin,
  ].filter((fact): fact is string => Boolean(fact));

export function searchResultView(material: MaterialSearchResult): MaterialView {
  return {
    description: material.description,
    facts: materialFacts(
      { ...material, isbn: material.formattedEan13 },
      SOURCE_LABELS[material.source],
    ),
  };
}

export function proposalView(
  proposal: Pick<ProposedTitleInput, 'description' | 'author' | 'edition' | 'publisher'>,
): MaterialView {
  return {
    description: proposal.description,
    facts: materialFacts(proposal, 'Custom title (proposed)'),
  };
}

/** What the wizard is adopting, edit or linking, by flow; null before anything is chosen. */
export function chosenMaterial(context: WizardContext): MaterialView | null {
  const adoption = context.mode === 'create' ? context.previous : context.adoption;
  if (context.flow === 'search' && context.material) return searchResultView(context.material);
  if (context.flow === 'custom' && context.proposal) return proposalView(context.proposal.values);
  if (!adoption) return null;
  const material = materialOf(adoption);
  return {
    description: material.description,
    facts: materialFacts(material, material.proposed ? 'Custom title (proposed)' : null),
  };
}

/** A material in a box: its title, then its facts. */
export function MaterialSummary({ material, label }: { material: MaterialView; label: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {material.description}
      </Typography>
      {material.facts.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {material.facts.join(' · ')}
        </Typography>
      )}
    </Paper>
  );
}
