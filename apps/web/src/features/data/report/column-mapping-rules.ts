import type { ColumnChoice, ImportColumnMapping, ImportSummary, NameOrder } from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { SelectOption } from '../../../components/native-select.tsx';

/*
 * The column-mapping form's rules, apart from its screen: what each select offers, what the
 * server would refuse (checked before sending), the body sent, and which field a refusal names.
 */

export type MappingField = ImportColumnMapping['fields'][number];
export type FileColumn = ImportColumnMapping['fileColumns'][number];

/** One field as the form holds it: the select's value and the value typed for every row. */
export interface FieldDraft {
  select: string;
  value: string;
}
export type Drafts = Record<string, FieldDraft>;

/** A problem under a field's select, or under its "value for every row". */
export interface RowError {
  select?: string;
  value?: string;
}

export interface MappingErrors {
  rows: Record<string, RowError>;
  nameOrder?: string;
  saveAs?: string;
}

/** The select's values: a file column is `column:<header>`. */
export const NOT_CHOSEN = '';
export const NONE = 'none';
export const VALUE = 'value';
const COLUMN = 'column:';

/** The longest name a saved mapping may have (the contract's `saveAs`). */
export const SAVE_NAME_MAX = 100;
/** The longest value for every row (the contract's `value`). */
export const VALUE_MAX = 300;

export const MAPPING_TEXT = {
  notChosen: 'Choose a column or a value',
  none: 'Not in this file',
  value: 'The same value for every row…',
  valueLabel: (field: string) => `${field}: value for every row`,
  nameOrderLabel: 'How names are written',
  saveLabel: 'Save this mapping for the next files with these columns',
  saveNameLabel: 'Name of the saved mapping',
  submit: 'Check the file with these columns',
  change: 'Change the column mapping',
  requiredMissing: 'This column is required: choose the file’s column, or a value for every row.',
  valueMissing: 'Enter the value for every row.',
  saveNameMissing: 'Name the mapping, or do not save it.',
  failed: 'The columns were not matched',
} as const;

/** The form's start: each field's choice in force, as its select shows it. */
export function initialDrafts(mapping: ImportColumnMapping): Drafts {
  const headers = new Set(mapping.fileColumns.map((c) => c.header));
  const drafts: Drafts = {};
  for (const field of mapping.fields) {
    const choice = field.choice;
    const nothing = field.required ? NOT_CHOSEN : NONE;
    drafts[field.key] =
      choice.source === 'value'
        ? { select: VALUE, value: choice.value }
        : // A header the file lacks (a saved mapping of other columns) is no choice at all.
          choice.source === 'column' && headers.has(choice.header)
          ? { select: COLUMN + choice.header, value: '' }
          : { select: nothing, value: '' };
  }
  return drafts;
}

/** The name a saved mapping gets unless the data manager writes another. */
export function defaultSaveName(summary: ImportSummary): string {
  return `${summary.formatName} – ${summary.fileName}`.slice(0, SAVE_NAME_MAX);
}

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** "Instructor — e.g. Doe, Jane, Roe, Rick": a column as the file has it, with its first values. */
export function columnLabel(column: FileColumn): string {
  const samples = column.samples.filter((s) => s.trim() !== '').slice(0, 3);
  if (samples.length === 0) return `${column.header} — empty in the first rows`;
  return `${column.header} — e.g. ${samples.map((s) => shorten(s, 30)).join(', ')}`;
}

/** What a field's select offers: a required field cannot be left out of the file. */
export function fieldOptions(field: MappingField, columns: readonly FileColumn[]): SelectOption[] {
  return [
    field.required
      ? { value: NOT_CHOSEN, label: MAPPING_TEXT.notChosen }
      : { value: NONE, label: MAPPING_TEXT.none },
    ...columns.map((column) => ({ value: COLUMN + column.header, label: columnLabel(column) })),
    { value: VALUE, label: MAPPING_TEXT.value },
  ];
}

/** What the server would refuse, found before anything is sent. */
export function checkMapping(
  fields: readonly MappingField[],
  drafts: Drafts,
  saveAs: string | null,
): MappingErrors {
  const errors: MappingErrors = { rows: {} };
  for (const field of fields) {
    const draft = drafts[field.key];
    if (!draft || draft.select === NOT_CHOSEN || (field.required && draft.select === NONE)) {
      errors.rows[field.key] = { select: MAPPING_TEXT.requiredMissing };
    } else if (draft.select === VALUE && draft.value.trim() === '') {
      errors.rows[field.key] = { value: MAPPING_TEXT.valueMissing };
    }
  }
  if (saveAs !== null && saveAs.trim() === '') errors.saveAs = MAPPING_TEXT.saveNameMissing;
  return errors;
}

export function hasErrors(errors: MappingErrors): boolean {
  return Object.keys(errors.rows).length > 0 || Boolean(errors.nameOrder || errors.saveAs);
}

function choiceOf(draft: FieldDraft | undefined): ColumnChoice {
  if (draft?.select === VALUE) return { source: 'value', value: draft.value.trim() };
  if (draft?.select.startsWith(COLUMN)) {
    return { source: 'column', header: draft.select.slice(COLUMN.length) };
  }
  return { source: 'none' };
}

/** The mapImportColumns body: every field's choice, the name order, and the name to save under. */
export function mappingBody(
  fields: readonly MappingField[],
  drafts: Drafts,
  nameOrder: NameOrder,
  saveAs: string | null,
) {
  const columns: { key: string; choice: ColumnChoice }[] = fields.map((field) => ({
    key: field.key,
    choice: choiceOf(drafts[field.key]),
  }));
  return { columns, nameOrder, ...(saveAs !== null && { saveAs: saveAs.trim() }) };
}

/**
 * A refusal where the form shows it: `columns.<key>` under that field (under its value when
 * a value is chosen), `nameOrder` or `saveAs` under theirs. Null: no field on screen is named,
 * so the message is shown above the button.
 */
export function serverErrors(
  error: Error | null,
  drafts: Drafts,
  shown: { nameOrder: boolean; saveAs: boolean },
): MappingErrors | null {
  if (!(error instanceof ApiRequestError) || !error.field) return null;
  const field = error.field;
  if (field.startsWith('columns.')) {
    const key = field.slice('columns.'.length);
    const draft = drafts[key];
    if (!draft) return null;
    const row = draft.select === VALUE ? { value: error.message } : { select: error.message };
    return { rows: { [key]: row } };
  }
  if (field === 'nameOrder' && shown.nameOrder) return { rows: {}, nameOrder: error.message };
  if (field === 'saveAs' && shown.saveAs) return { rows: {}, saveAs: error.message };
  return null;
}

/** The errors on screen: the form's own check first, then the server's refusal. */
export function mergeErrors(checked: MappingErrors, server: MappingErrors | null): MappingErrors {
  if (!server) return checked;
  const rows = { ...server.rows };
  for (const [key, row] of Object.entries(checked.rows)) rows[key] = { ...rows[key], ...row };
  return {
    rows,
    nameOrder: checked.nameOrder ?? server.nameOrder,
    saveAs: checked.saveAs ?? server.saveAs,
  };
}
