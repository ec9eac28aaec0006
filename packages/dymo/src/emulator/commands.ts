import { XMLValidator } from 'fast-xml-parser';
import { CHECK_PAGE, badRequest, exception, json, printersXml, text, xml } from './answers.ts';
import { PREVIEW_PNG_BASE64 } from './png.ts';
import type { Answer, EmulatedPrinter, EmulatorState } from './types.ts';

type Handler = (state: EmulatorState, params: URLSearchParams) => Answer;

interface Command {
  method: 'GET' | 'POST';
  handle: Handler;
}

/** The commands of the doc's table (plus the certificate page), by lower-cased name. */
const COMMANDS: Record<string, Command> = {
  statusconnected: { method: 'GET', handle: () => json(true) },
  getprinters: {
    method: 'GET',
    handle: (s) => xml(printersXml(s.printers, s.fault === 'reports-disconnected')),
  },
  openlabelfile: { method: 'GET', handle: openLabelFile },
  printlabel: { method: 'POST', handle: (s, p) => print(s, p, false) },
  printlabel2: { method: 'POST', handle: (s, p) => print(s, p, true) },
  renderlabel: { method: 'POST', handle: renderLabel },
  loadimageaspngbase64: { method: 'GET', handle: loadImage },
  is550printer: {
    method: 'GET',
    handle: (s, p) => json(is550(findPrinter(s, p.get('printerName')))),
  },
  getconsumableinfoin550printer: { method: 'GET', handle: consumableInfo },
  check: {
    method: 'GET',
    handle: () => ({ status: 200, contentType: 'text/html; charset=utf-8', body: CHECK_PAGE }),
  },
};

export function handleCommand(
  state: EmulatorState,
  name: string,
  method: string,
  params: URLSearchParams,
): Answer {
  const command = COMMANDS[name.toLowerCase()];
  if (!command)
    return exception(`No HTTP resource was found for command '${name}'.`, 'NotFound', 404);
  if (method !== command.method) {
    return json(
      { message: `The requested resource does not support http method '${method}'.` },
      405,
    );
  }
  return command.handle(state, params);
}

/** Whether a command of that name is served with a request body (POST). */
export function isPostCommand(name: string): boolean {
  return COMMANDS[name.toLowerCase()]?.method === 'POST';
}

function findPrinter(state: EmulatorState, name: string | null): EmulatedPrinter | undefined {
  return state.printers.find((p) => p.name === name);
}

function is550(printer: EmulatedPrinter | undefined): boolean {
  return (printer?.modelName ?? printer?.name ?? '').includes('550');
}

function labelProblem(labelXml: string): string | null {
  if (labelXml.trim() === '') return 'The label XML is empty.';
  const valid = XMLValidator.validate(labelXml);
  return valid === true ? null : `The label XML is not valid: ${valid.err.msg}`;
}

function print(state: EmulatorState, params: URLSearchParams, withJobId: boolean): Answer {
  const printerName = params.get('printerName') ?? '';
  const printer = findPrinter(state, printerName);
  if (!printer) return badRequest('printing label', `Printer '${printerName}' is not found.`);
  const labelXml = params.get('labelXml') ?? '';
  const problem = labelProblem(labelXml);
  if (problem) return badRequest('printing label', problem);
  if (state.fault === 'printer-error') {
    const reason = `The printer '${printerName}' is in an error state (out of labels or paper jam).`;
    return state.printerErrorStatus === 500
      ? exception(reason, 'System.InvalidOperationException')
      : badRequest('printing label', reason);
  }
  state.printed.push({
    printerName,
    printParamsXml: params.get('printParamsXml') ?? '',
    labelXml,
    labelSetXml: params.get('labelSetXml') ?? '',
    at: new Date(),
  });
  if (!withJobId) return json(true);
  state.nextJobId += 1;
  return json(String(state.nextJobId));
}

function renderLabel(_state: EmulatorState, params: URLSearchParams): Answer {
  const problem = labelProblem(params.get('labelXml') ?? '');
  return problem ? badRequest('rendering label', problem) : json(PREVIEW_PNG_BASE64);
}

function openLabelFile(state: EmulatorState, params: URLSearchParams): Answer {
  const fileName = params.get('fileName') ?? '';
  const label = Object.hasOwn(state.labelFiles, fileName) ? state.labelFiles[fileName] : undefined;
  return label === undefined
    ? exception(`Could not find file '${fileName}'.`, 'System.IO.FileNotFoundException')
    : xml(label);
}

function loadImage(_state: EmulatorState, params: URLSearchParams): Answer {
  // Nothing is fetched: the emulator answers every image with its own small PNG.
  return (params.get('imageUri') ?? '') === ''
    ? badRequest('loading image', 'The image URI is empty.')
    : text(PREVIEW_PNG_BASE64);
}

function consumableInfo(state: EmulatorState, params: URLSearchParams): Answer {
  const name = params.get('printerName') ?? '';
  const printer = findPrinter(state, name);
  return is550(printer)
    ? json({ sku: '30256', labelsRemaining: 150 })
    : exception(
        `The printer '${name}' is not a LabelWriter 550.`,
        'System.InvalidOperationException',
      );
}
