/**
 * The print area: how labels come out at the counter (docs/behaviour/flows.md#return-flow step 3-4, docs/behaviour/calls.md#local-print-service Local
 * print service and Label-printer SDK). Other areas print through `printLabels` and offer
 * the printer panel with `PrinterPanelButton`; this area has no page of its own.
 */
export { printLabels, type LabelPrintResult, type PrintPaths } from './print-chain.ts';
export { distinctUrls, openLabelTabs, type LabelTabsResult } from './label-tabs.ts';
export { LabelPrintNote, type LabelPrinting } from './label-print-note.tsx';
export { PrinterPanelButton } from './printer-panel-button.tsx';
export { PRINT_MESSAGES } from './print-messages.ts';
