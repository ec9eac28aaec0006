import { SearchField } from '../../../components/list/search-field.tsx';
import { normaliseSearchString } from '../../../lib/search-string.ts';
import { RESEARCH_MESSAGES } from './research-messages.ts';

interface SectionSearchFieldProps {
  /** The search in the URL; the field follows it when it changes from elsewhere. */
  value: string;
  /** Called once typing pauses, with the text as it will be searched. */
  onSearch: (q: string) => void;
}

/** Free text on course code, course name or section code, searched as the user types. */
export function SectionSearchField({ value, onSearch }: SectionSearchFieldProps) {
  return (
    <SearchField
      label={RESEARCH_MESSAGES.searchLabel}
      value={value}
      onSearch={onSearch}
      normalise={normaliseSearchString}
      fullWidth
    />
  );
}
