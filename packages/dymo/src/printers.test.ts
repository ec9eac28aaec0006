import { describe, expect, it } from 'vitest';
import {
  parsePrintersXml,
  pickLabelPrinter,
  requireLabelPrinter,
  type DymoPrinter,
} from './printers.ts';
import { thrownBy } from './test-support/thrown.ts';

const docXml = `<Printers>
  <LabelWriterPrinter><Name>DYMO LabelWriter 450</Name><ModelName>DYMO LabelWriter 450</ModelName>
    <IsConnected>True</IsConnected><IsLocal>True</IsLocal><IsTwinTurbo>False</IsTwinTurbo></LabelWriterPrinter>
  <TapePrinter><Name>LabelManager &amp; Co</Name><ModelName>DYMO LabelManager PnP</ModelName>
    <IsConnected>False</IsConnected><IsLocal>True</IsLocal><IsAutoCutSupported>True</IsAutoCutSupported></TapePrinter>
  <LabelWriterPrinter><Name>Back office 550</Name><ModelName>DYMO LabelWriter 550 Turbo</ModelName>
    <IsConnected>False</IsConnected><IsLocal>False</IsLocal><IsTwinTurbo>True</IsTwinTurbo></LabelWriterPrinter>
</Printers>`;

describe('parsePrintersXml', () => {
  it('reads every printer, in the service order, with True/False as booleans', () => {
    expect(parsePrintersXml(docXml)).toEqual([
      {
        kind: 'LabelWriterPrinter',
        name: 'DYMO LabelWriter 450',
        modelName: 'DYMO LabelWriter 450',
        isConnected: true,
        isLocal: true,
        isTwinTurbo: false,
      },
      {
        kind: 'TapePrinter',
        name: 'LabelManager & Co',
        modelName: 'DYMO LabelManager PnP',
        isConnected: false,
        isLocal: true,
        isTwinTurbo: false,
        isAutoCutSupported: true,
      },
      {
        kind: 'LabelWriterPrinter',
        name: 'Back office 550',
        modelName: 'DYMO LabelWriter 550 Turbo',
        isConnected: false,
        isLocal: false,
        isTwinTurbo: true,
      },
    ]);
  });

  it('reads an empty list, with or without a declaration', () => {
    expect(parsePrintersXml('')).toEqual([]);
    expect(parsePrintersXml('<Printers />')).toEqual([]);
    expect(parsePrintersXml('<?xml version="1.0"?>\n<Printers></Printers>')).toEqual([]);
  });

  it('keeps names that look like numbers as text', () => {
    const [printer] = parsePrintersXml(
      '<Printers><LabelWriterPrinter><Name>0042</Name><IsConnected>true</IsConnected></LabelWriterPrinter></Printers>',
    );
    expect(printer?.name).toBe('0042');
    expect(printer?.modelName).toBe('');
    expect(printer?.isConnected).toBe(true);
  });

  it('reports an unreadable list as the service failing', () => {
    expect(thrownBy(() => parsePrintersXml('<Printers><LabelWriterPrinter>'))).toMatchObject({
      code: 'SERVICE_ERROR',
    });
  });
});

const printer = (name: string, over: Partial<DymoPrinter> = {}): DymoPrinter => ({
  kind: 'LabelWriterPrinter',
  name,
  modelName: name,
  isConnected: true,
  isLocal: true,
  isTwinTurbo: false,
  ...over,
});

describe('pickLabelPrinter', () => {
  const tape = printer('Tape', { kind: 'TapePrinter' });
  const off = printer('Off', { isConnected: false });
  const on = printer('On');
  const on2 = printer('On 2');

  it('takes the preferred LabelWriter when the service lists it, connected or not', () => {
    expect(pickLabelPrinter([on, off], 'Off')).toBe(off);
  });

  it('otherwise takes the first connected LabelWriter', () => {
    expect(pickLabelPrinter([tape, off, on, on2], 'Gone')).toBe(on);
    expect(pickLabelPrinter([off, on2, on], null)).toBe(on2);
  });

  it('takes a LabelWriter reported disconnected when no LabelWriter says connected', () => {
    expect(pickLabelPrinter([tape, off])).toBe(off);
  });

  it('never picks a tape printer, even preferred', () => {
    expect(pickLabelPrinter([tape], 'Tape')).toBeNull();
    expect(pickLabelPrinter([])).toBeNull();
  });
});

describe('requireLabelPrinter', () => {
  it('gives the picked printer, or the spec message when there is no LabelWriter', () => {
    const lw = printer('LW');
    expect(requireLabelPrinter([lw])).toBe(lw);
    expect(
      thrownBy(() => requireLabelPrinter([printer('Tape', { kind: 'TapePrinter' })])),
    ).toMatchObject({
      code: 'NO_PRINTER',
      message: 'No DYMO Label printer found and/or SDK is not Installed',
    });
  });
});
