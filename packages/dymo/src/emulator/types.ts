/**
 * slow: every answer comes slowMs late (default 4000, beyond the 3 s discovery time-out);
 * printer-error: PrintLabel and PrintLabel2 fail with the service's 400 text or 500 JSON shape;
 * reports-disconnected: GetPrinters says IsConnected=False, yet printing works.
 * (The 'absent' service is a closed emulator: close().)
 */
export type DymoEmulatorFault = 'none' | 'slow' | 'printer-error' | 'reports-disconnected';

export interface EmulatedPrinter {
  name: string;
  /** Default: the name. A model name containing 550 makes Is550Printer true. */
  modelName?: string;
  kind?: 'LabelWriterPrinter' | 'TapePrinter';
  isConnected?: boolean;
}

export interface PrintedLabel {
  printerName: string;
  printParamsXml: string;
  labelXml: string;
  labelSetXml: string;
  at: Date;
}

/** How the printer-error fault answers: 400 plain text, or 500 ASP.NET exception JSON. */
export type PrinterErrorStatus = 400 | 500;

export interface EmulatorState {
  printers: EmulatedPrinter[];
  fault: DymoEmulatorFault;
  printerErrorStatus: PrinterErrorStatus;
  printed: PrintedLabel[];
  /** OpenLabelFile's "disk": file name to label XML. */
  labelFiles: Record<string, string>;
  nextJobId: number;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}
