import type { RunResult } from './import-run.ts';

/** What the check said applying would do: the figures the data manager confirmed. */
export type CheckedFigures = Pick<
  RunResult,
  'rowsValid' | 'rowsRejected' | 'rowsWarned' | 'added' | 'updated' | 'unchanged' | 'entities'
>;

const FIGURES = ['rowsValid', 'rowsRejected', 'rowsWarned', 'added', 'updated', 'unchanged'] as const;

/** Per kind of record, in order (the stored copy is jsonb, whose keys come back reordered). */
const entityFigures = (entities: CheckedFigures['entities']) =>
  entities.map((e) => `${e.entity}:${e.added}:${e.updated}:${e.unchanged}`).join('|');

/** Whether an apply would do exactly what its check said (per row and per kind of record). */
export function sameFigures(done: RunResult, checked: CheckedFigures): boolean {
  return (
    FIGURES.every((name) => done[name] === checked[name]) &&
    entityFigures(done.entities) === entityFigures(checked.entities)
  );
}

/** The store changed between the check and the apply: the apply's figures are not the check's. */
export class StoreChanged extends Error {}

