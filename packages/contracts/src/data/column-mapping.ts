import { z } from 'zod';
import { NAME_ORDERS } from './data-feeds.ts';

/**
 * Where one column of a format is read from in a file of other headers: one of the file's
 * columns (by its header), one value for every row (a division or a term the file leaves
 * out), or nowhere (an optional column the file does not have).
 */
export const columnChoice = z.union([
  z.object({ source: z.literal('column'), header: z.string().min(1).max(300) }),
  z.object({ source: z.literal('value'), value: z.string().trim().min(1).max(300) }),
  z.object({ source: z.literal('none') }),
]);
export type ColumnChoice = z.infer<typeof columnChoice>;

/** The column mapping of an upload whose headers are not the format's own. */
export const importColumnMapping = z.object({
  /** The file's columns in their order, each with the first values of its rows. */
  fileColumns: z.array(z.object({ header: z.string(), samples: z.array(z.string()) })),
  /** What the format reads, each with the choice in force (proposed, from a template, or chosen). */
  fields: z.array(
    z.object({
      /** The format's own header for it: the key of `columns` in mapImportColumns. */
      key: z.string(),
      /** What it fills, in words (e.g. "Section code"). */
      label: z.string(),
      required: z.boolean(),
      /** A column of people's names, read in `nameOrder`. */
      people: z.boolean(),
      choice: columnChoice,
    }),
  ),
  nameOrder: z.enum(NAME_ORDERS),
  /** The saved mapping in force (applied because the file's headers are its own), or null. */
  templateName: z.string().nullable(),
});
export type ImportColumnMapping = z.infer<typeof importColumnMapping>;
