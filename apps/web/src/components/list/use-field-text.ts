import { useState } from 'react';

/**
 * The text of a search box that applies on Enter: what is typed, replaced by `value` (the
 * search in the URL) whenever that changes from elsewhere (Back, a link, the top bar's search).
 */
export function useFieldText(value: string) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }
  return [text, setText] as const;
}
