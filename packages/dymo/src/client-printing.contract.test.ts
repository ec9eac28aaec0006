// Printing, rendering and the service's failures, DymoClient against the emulator over HTTPS.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DymoClient } from './client.ts';
import {
  startDymoEmulator,
  type DymoEmulator,
  type DymoEmulatorOptions,
} from './emulator/index.ts';
import { shippingLabel30256Xml } from './label-30256.ts';
import { labelSetXml, printParamsXml } from './params-xml.ts';
import { pickLabelPrinter } from './printers.ts';
import { closeInsecureAgent, insecureFetch } from './test-support/insecure-fetch.ts';
import { decodePng } from './test-support/png.ts';

let service: DymoEmulator | undefined;

async function connect(options: DymoEmulatorOptions = {}) {
  service = await startDymoEmulator({ port: 0, ...options });
  const dymo = new DymoClient({
    fetch: insecureFetch,
    hosts: ['127.0.0.1'],
    ports: [service.port],
  });
  return { service, dymo };
}

afterEach(async () => {
  await service?.close();
  service = undefined;
});

afterAll(async () => {
  await closeInsecureAgent();
});

const label = shippingLabel30256Xml({
  addressLines: ["Zoë O'Brien & Sons", "12 Rue de l'Église", 'a+b=c 100% <ok>'],
  textLines: ['RMA 7'],
  barcode: 'RMA-7',
});

describe('printing against the emulator', () => {
  it('delivers the label, its parameters and label set exactly as built', async () => {
    const { service, dymo } = await connect();
    const params = printParamsXml({ copies: 2, jobTitle: 'Return label' });
    const set = labelSetXml([{ Address: 'Ann Lee\n1 Main St' }]);
    await dymo.printLabel('DYMO LabelWriter 450', params, label, set);
    expect(service.printed).toHaveLength(1);
    expect(service.printed[0]).toMatchObject({
      printerName: 'DYMO LabelWriter 450',
      printParamsXml: params,
      labelXml: label,
      labelSetXml: set,
    });
    const inspected = await insecureFetch(`${service.origin}/__emulator/printed`);
    expect(await inspected.json()).toMatchObject([{ labelXml: label, labelSetXml: set }]);
  });

  it('does not send a print for a printer the service does not list', async () => {
    const { service, dymo } = await connect();
    await expect(dymo.printLabel('DYMO LabelWriter 999', '', label)).rejects.toMatchObject({
      code: 'UNKNOWN_PRINTER',
    });
    expect(service.requests).toEqual(['StatusConnected', 'GetPrinters']);
  });

  it('passes on the 400 text of a printer in error', async () => {
    const { service, dymo } = await connect({ fault: 'printer-error' });
    await expect(dymo.printLabel('DYMO LabelWriter 450', '', label)).rejects.toMatchObject({
      code: 'SERVICE_ERROR',
      status: 400,
      message:
        "Error printing label. Exception: The printer 'DYMO LabelWriter 450' is in an error state (out of labels or paper jam).",
    });
    expect(service.printed).toHaveLength(0);
  });

  it('passes on the exceptionMessage of a 500', async () => {
    const { service, dymo } = await connect();
    service.setFault('printer-error', 500);
    await expect(dymo.printLabel2('DYMO LabelWriter 450', '', label)).rejects.toMatchObject({
      code: 'SERVICE_ERROR',
      status: 500,
      message:
        "The printer 'DYMO LabelWriter 450' is in an error state (out of labels or paper jam).",
    });
  });

  it('still prints on a printer reported IsConnected=False', async () => {
    const { service, dymo } = await connect({ fault: 'reports-disconnected' });
    const printers = await dymo.getPrinters();
    expect(printers.map((p) => p.isConnected)).toEqual([false]);
    const chosen = pickLabelPrinter(printers);
    expect(chosen?.name).toBe('DYMO LabelWriter 450');
    await dymo.printLabel(chosen?.name ?? '', '', label);
    expect(service.printed).toHaveLength(1);
  });

  it('answers PrintLabel2 with a job id', async () => {
    const { service, dymo } = await connect();
    await expect(dymo.printLabel2('DYMO LabelWriter 450', '', label)).resolves.toBe('1');
    expect(service.printed).toHaveLength(1);
  });

  it('lists the printers it is given, tape printers included', async () => {
    const { service, dymo } = await connect();
    service.setPrinters([
      { name: 'Tape', kind: 'TapePrinter' },
      { name: 'LW 550', modelName: 'DYMO LabelWriter 550', isConnected: false },
    ]);
    await expect(dymo.getPrinters()).resolves.toEqual([
      expect.objectContaining({ kind: 'TapePrinter', name: 'Tape', isAutoCutSupported: true }),
      expect.objectContaining({ kind: 'LabelWriterPrinter', name: 'LW 550', isConnected: false }),
    ]);
    await expect(dymo.is550Printer('LW 550')).resolves.toBe(true);
    await expect(dymo.is550Printer('Tape')).resolves.toBe(false);
    await expect(dymo.getConsumableInfoIn550Printer('LW 550')).resolves.toEqual({
      sku: '30256',
      labelsRemaining: 150,
    });
  });
});

describe('rendering and files against the emulator', () => {
  it('renders a decodable PNG', async () => {
    const { dymo } = await connect();
    const png = decodePng(await dymo.renderLabel(label));
    expect(png.width).toBeGreaterThan(0);
    expect(png.height).toBeGreaterThan(0);
    expect(png.dataLength).toBe(png.height * (png.width + 1));
  });

  it('loads an image as a decodable PNG', async () => {
    const { dymo } = await connect();
    expect(
      decodePng(await dymo.loadImageAsPngBase64('https://portal.test/logo.png')).width,
    ).toBeGreaterThan(0);
  });

  it('opens a label file the service has, and reports one it has not', async () => {
    const { dymo } = await connect({ labelFiles: { 'C:\\Labels\\return.label': label } });
    await expect(dymo.openLabelFile('C:\\Labels\\return.label')).resolves.toBe(label);
    await expect(dymo.openLabelFile('C:\\Labels\\gone.label')).rejects.toMatchObject({
      code: 'SERVICE_ERROR',
      status: 500,
      message: "Could not find file 'C:\\Labels\\gone.label'.",
    });
  });
});
