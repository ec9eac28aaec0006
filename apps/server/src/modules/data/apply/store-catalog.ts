import type { Db } from '../../../db/client.ts';
import { loadDivisions, loadTerms, type DivisionRow, type TermRow } from './catalog-lookup-repository.ts';

/** docs/behaviour/constants.md: a term shows cut at its first hyphen ("Fall 2026 - Main" reads "Fall 2026"). */
export function termDisplayName(name: string): string {
  const hyphen = name.indexOf('-');
  return (hyphen < 0 ? name : name.slice(0, hyphen)).trim();
}

/**
 * The store's divisions and terms, read once per pass over a file: there are few, and every
 * row names one, so rows are matched in memory rather than by a query each.
 */
export class StoreCatalog {
  private readonly divisions = new Map<string, DivisionRow>();
  private readonly divisionsById = new Map<number, DivisionRow>();
  private readonly terms = new Map<number, TermRow[]>();

  private constructor(divisions: DivisionRow[], terms: TermRow[]) {
    for (const d of divisions) {
      this.divisions.set(d.name.toLowerCase(), d);
      this.divisionsById.set(d.id, d);
    }
    for (const t of terms) {
      const list = this.terms.get(t.divisionId) ?? [];
      list.push(t);
      this.terms.set(t.divisionId, list);
    }
  }

  static async load(db: Db, locationId: number): Promise<StoreCatalog> {
    return new StoreCatalog(await loadDivisions(db, locationId), await loadTerms(db, locationId));
  }

  /** A division of the store by name, ignoring case. */
  division(name: string): DivisionRow | undefined {
    return this.divisions.get(name.toLowerCase());
  }

  divisionById(id: number): DivisionRow | undefined {
    return this.divisionsById.get(id);
  }

  /**
   * A term of a division by name, ignoring case; failing that, the one term that shows under
   * that name ("Fall 2026" finds "Fall 2026 - Main"), so a registrar's plain names match.
   */
  term(divisionId: number, name: string): TermRow | undefined {
    const terms = this.terms.get(divisionId) ?? [];
    const wanted = name.toLowerCase();
    const exact = terms.find((t) => t.name.toLowerCase() === wanted);
    if (exact) return exact;
    const shown = terms.filter((t) => termDisplayName(t.name).toLowerCase() === wanted);
    return shown.length === 1 ? shown[0] : undefined;
  }
}
