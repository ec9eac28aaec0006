/**
 * The print module's public face: the rental labels (their PDFs, their content for label
 * printers that compose their own labels, the printer panel's test label) and what the
 * rental calls need to make them (the label rows, their URLs, the store's return address,
 * dates as the counter reads them). It needs nothing from the students module: a label is
 * read by its token alone. Code outside the module imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerPrintRoutes } from './routes.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const printModule = modulePlugin(registerPrintRoutes);

export { counterDay, counterMoment } from './counter-dates.ts';
export {
  insertLabels,
  insertLabelUnlessTaken,
  labelById,
  renewLabel,
  shipmentItemIds,
  type LabelRow,
} from './label-repository.ts';
export { labelExpiry, labelUrlFor, newLabelToken, type LabelUrl } from './label-url.ts';
export {
  cityLine,
  isCompleteReturnAddress,
  requireReturnAddress,
  returnAddressOf,
  type ReturnAddress,
} from './return-address.ts';
