import type { NameOrder } from '@csp/contracts';
import type { Person } from '../feeds/import-fields.ts';

/*
 * How a file writes a person's name (NAME_ORDERS): "Last, First" (the standard), "First Last"
 * (the first word is the first name, the rest is the last name, so "Gabriel García Márquez"
 * keeps his surname whole) or "First Middle Last" (the last word is the last name, with the
 * particles before it: "Ludwig van Beethoven", "Juan de la Cruz"). A name with a comma is
 * "Last, First" whatever the order chosen: a registrar that writes both gets both right.
 */

/** Words that begin a surname rather than end a given name (lower case). */
const SURNAME_PARTICLES = new Set([
  'al', 'bin', 'da', 'dal', 'de', 'del', 'della', 'der', 'di', 'do', 'dos', 'du', 'el', 'la',
  'le', 'lo', 'st', 'st.', 'ten', 'ter', 'van', 'von', 'y',
]);

const MAX_NAME = 100;

/** A name's parts, or the reason it is not a name in the file's order. */
function personOf(name: string, order: NameOrder): Person | string {
  const comma = name.indexOf(',');
  let lastName: string;
  let firstName: string;
  if (comma >= 0 || order === 'last-first') {
    if (comma < 0) return 'has a name not written as "Last, First"';
    lastName = name.slice(0, comma).trim();
    firstName = name.slice(comma + 1).trim();
  } else {
    const words = name.split(' ').filter((w) => w !== '');
    if (words.length < 2) return `has a name of one word: write it as "${order === 'first-last' ? 'First Last' : 'First Middle Last'}"`;
    let split = 1;
    if (order === 'first-middle-last') {
      split = words.length - 1;
      while (split > 1 && SURNAME_PARTICLES.has(words[split - 1]!.toLowerCase())) split--;
    }
    firstName = words.slice(0, split).join(' ');
    lastName = words.slice(split).join(' ');
  }
  if (!lastName || !firstName) return 'has a name not written as "Last, First"';
  if (lastName.length > MAX_NAME || firstName.length > MAX_NAME) {
    return `has a name longer than ${MAX_NAME} characters`;
  }
  return { lastName, firstName };
}

/**
 * The people of a cell holding several names separated by `separator`: those that read as
 * names, and a reason for each that does not (the caller decides whether one bad name rejects
 * the row or is only left out).
 */
export function peopleIn(
  value: string,
  separator: string,
  order: NameOrder,
): { people: Person[]; problems: { name: string; message: string }[] } {
  const people: Person[] = [];
  const problems: { name: string; message: string }[] = [];
  for (const part of value.split(separator)) {
    const name = part.trim();
    if (name === '') continue;
    const person = personOf(name, order);
    if (typeof person === 'string') problems.push({ name, message: person });
    else people.push(person);
  }
  return { people, problems };
}
