import type { Db } from '../../../db/client.ts';
import { KeyedKindRun, missing, tallyChunk, type Built, type Mode } from './import-kind.ts';
import {
  ambiguousProfessors,
  classifyProfessors,
  nameKey,
  writeProfessors,
  type ProfessorWrite,
} from '../apply/professors-import-repository.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';

interface ProfessorRecord {
  key: string;
  lastName: string;
  firstName: string;
  email: string | null;
}

/**
 * Professors (natural key: last and first name, ignoring case, within the store): created when
 * missing; the e-mail address is written when the row gives one. A name several professors of
 * the store share is rejected (an import never guesses). "Kim, H" is not "Kim, Hyunil". Two rows of one professor
 * with different addresses: the later is rejected.
 */
export class ProfessorsRun extends KeyedKindRun<ProfessorRecord> {
  readonly entities = ['professors'] as const;
  /** Names several professors of the store have: which one a row means cannot be told. */
  private readonly ambiguous = new Set<string>();

  build(values: FieldValues): Built<ProfessorRecord> {
    const issues: CellIssue[] = [];
    const lastName = this.text(values, 'lastName', issues);
    const firstName = this.text(values, 'firstName', issues);
    if (issues.length > 0) return { issues };
    return {
      record: {
        key: nameKey(lastName, firstName),
        lastName,
        firstName,
        email: this.optionalText(values, 'email'),
      },
    };
  }

  override async resolve(db: Db, records: readonly ProfessorRecord[]): Promise<void> {
    const names = records.map((r) => ({ last: r.lastName, first: r.firstName }));
    for (const key of await ambiguousProfessors(db, this.ctx.locationId, names)) {
      this.ambiguous.add(key);
    }
  }

  admit(rowNumber: number, record: ProfessorRecord): CellIssue[] {
    if (this.ambiguous.has(record.key)) {
      return [
        this.issue(
          'lastName',
          `${record.lastName}, ${record.firstName}`,
          'is the name of more than one professor of the store: merge them in the store, then import again',
        ),
      ];
    }
    const state = this.admitted.get(record.key);
    if (!state) {
      this.admitted.set(record.key, { firstRow: rowNumber, record, outcome: null });
      return [];
    }
    const issues = this.contradictions(state.record, record, state.firstRow, ['email'], 'professor');
    if (issues.length === 0) state.record.email ??= record.email;
    return issues;
  }

  protected keyOf(record: ProfessorRecord): string {
    return record.key;
  }

  async flush(db: Db, mode: Mode): Promise<void> {
    const { locationId, tally } = this.ctx;
    const rows: ProfessorWrite[] = this.chunkRecords.map(({ record: r }, i) => ({
      i,
      last: r.lastName,
      first: r.firstName,
      email: r.email,
    }));
    const classes = await classifyProfessors(db, locationId, rows);
    if (mode === 'apply') {
      await writeProfessors(db, locationId, rows);
      await this.grew(db, 'professors', missing(classes));
    }
    tallyChunk(tally, 'professors', classes, this.chunkRecords, this.chunkRows);
    this.endChunk();
  }
}
