import type { Db } from '../../../db/client.ts';
import {
  writeDivisions,
  writeTermDates,
  type TermDatesWrite,
} from '../apply/divisions-terms-import-repository.ts';
import { KeyedKindRun, type Built, type Mode } from './import-kind.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';
import { termDisplayName } from '../apply/store-catalog.ts';

/** A division a row names: the store's, or one the import creates (id set once created). */
interface DivisionRef {
  key: string;
  id: number | null;
  name: string;
  /** The first university name the file gives for it (null: none). */
  university: string | null;
  storedUniversity: string | null;
}

interface TermRecord {
  key: string;
  division: DivisionRef;
  storedTerm: { id: number; startDate: string; endDate: string } | null;
  termName: string;
  termStart: string;
  termEnd: string;
}

/**
 * Divisions and terms (the academic calendar): a row is a term of a division (natural key:
 * division name, term name). Missing divisions and terms are created; a stored term gets the
 * row's dates. Both are few, so they are compared in memory with what was read at the start.
 */
export class DivisionsTermsRun extends KeyedKindRun<TermRecord> {
  readonly entities = ['divisions', 'terms'] as const;
  private readonly divisions = new Map<string, DivisionRef>();
  private readonly seenDivisions = new Set<string>();

  build(values: FieldValues): Built<TermRecord> {
    const issues: CellIssue[] = [];
    const termName = this.text(values, 'termName', issues);
    const termStart = this.text(values, 'termStart', issues);
    const termEnd = this.text(values, 'termEnd', issues);
    const division = this.divisionOf(values, issues);
    if (issues.length > 0 || !division) return { issues };
    if (termEnd < termStart) {
      return { issues: [this.issue('termEnd', termEnd, 'is before the term start date')] };
    }
    const stored = division.id === null ? undefined : this.ctx.catalog.term(division.id, termName);
    return {
      record: {
        key: stored ? `t${stored.id}` : `n${division.key}\t${termName.toLowerCase()}`,
        division,
        storedTerm: stored ?? null,
        termName: stored?.name ?? termName,
        termStart,
        termEnd,
      },
    };
  }

  private divisionOf(values: FieldValues, issues: CellIssue[]): DivisionRef | null {
    const university = this.optionalText(values, 'universityName');
    const stored = this.ctx.mapping.needsDivision
      ? this.ctx.catalog.divisionById(this.ctx.divisionId ?? 0)
      : this.ctx.catalog.division(this.text(values, 'divisionName', issues));
    if (issues.length > 0) return null;
    const name = stored?.name ?? (values.divisionName as string);
    const key = stored ? `d${stored.id}` : `n${name.toLowerCase()}`;
    let ref = this.divisions.get(key);
    if (!ref) {
      ref = {
        key,
        id: stored?.id ?? null,
        name,
        university: null,
        storedUniversity: stored?.universityName ?? null,
      };
      this.divisions.set(key, ref);
    }
    ref.university ??= university;
    return ref;
  }

  admit(rowNumber: number, record: TermRecord): CellIssue[] {
    const state = this.admitted.get(record.key);
    if (!state) {
      this.admitted.set(record.key, { firstRow: rowNumber, record, outcome: null });
      return [];
    }
    return this.contradictions(state.record, record, state.firstRow, ['termStart', 'termEnd'], 'term');
  }

  protected keyOf(record: TermRecord): string {
    return record.key;
  }

  override take(rowNumber: number, record: TermRecord): void {
    super.take(rowNumber, record);
    this.ctx.tally.terms.add(termDisplayName(record.termName));
  }

  async flush(db: Db, mode: Mode): Promise<void> {
    const { locationId, tally } = this.ctx;
    const divisions: DivisionRef[] = [];
    for (const { record } of this.chunkRecords) {
      const division = record.division;
      if (this.seenDivisions.has(division.key)) continue;
      this.seenDivisions.add(division.key);
      divisions.push(division);
      const changed = division.university !== null && division.university !== division.storedUniversity;
      tally.entity('divisions', division.id === null ? 'added' : changed ? 'updated' : 'unchanged');
    }
    for (const state of this.chunkRecords) {
      const { storedTerm: t, termStart, termEnd } = state.record;
      const changed = t !== null && (t.startDate !== termStart || t.endDate !== termEnd);
      state.outcome = t === null ? 'added' : changed ? 'updated' : 'unchanged';
      tally.entity('terms', state.outcome);
    }
    if (mode === 'apply') {
      const ids = await writeDivisions(
        db,
        locationId,
        divisions.map((d) => ({ name: d.name, university: d.university })),
      );
      for (const division of divisions) {
        division.id ??= ids.find((d) => d.name === division.name)?.id ?? null;
      }
      const terms: TermDatesWrite[] = this.chunkRecords.map(({ record: r }) => {
        if (r.division.id === null) throw new Error(`division ${r.division.name} was not created`);
        return {
          id: r.storedTerm?.id ?? null,
          division_id: r.division.id,
          name: r.termName,
          start_date: r.termStart,
          end_date: r.termEnd,
        };
      });
      await writeTermDates(db, locationId, terms);
    }
    for (const state of this.chunkRows) tally.row(state.outcome ?? 'unchanged');
    this.endChunk();
  }
}
