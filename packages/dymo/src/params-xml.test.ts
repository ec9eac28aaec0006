import { describe, expect, it } from 'vitest';
import { labelSetXml, printParamsXml, renderParamsXml } from './params-xml.ts';

describe('print parameters XML', () => {
  it('writes the elements in the order of the doc, without a declaration', () => {
    expect(
      printParamsXml({
        twinTurboRoll: 'Auto',
        printQuality: 'Auto',
        flowDirection: 'LeftToRight',
        jobTitle: 'Return label',
        copies: 1,
      }),
    ).toBe(
      '<LabelWriterPrintParams><Copies>1</Copies><JobTitle>Return label</JobTitle>' +
        '<FlowDirection>LeftToRight</FlowDirection><PrintQuality>Auto</PrintQuality>' +
        '<TwinTurboRoll>Auto</TwinTurboRoll></LabelWriterPrintParams>',
    );
  });

  it('leaves absent elements out', () => {
    expect(printParamsXml({ copies: 2, printQuality: 'BarcodeAndGraphics' })).toBe(
      '<LabelWriterPrintParams><Copies>2</Copies><PrintQuality>BarcodeAndGraphics</PrintQuality></LabelWriterPrintParams>',
    );
    expect(printParamsXml({})).toBe('<LabelWriterPrintParams/>');
    // As the framework: no parameters at all is '' (the service's defaults).
    expect(printParamsXml()).toBe('');
  });

  it('prints at least one copy, in whole copies', () => {
    expect(printParamsXml({ copies: 0 })).toContain('<Copies>1</Copies>');
    expect(printParamsXml({ copies: -3 })).toContain('<Copies>1</Copies>');
    expect(printParamsXml({ copies: 2.7 })).toContain('<Copies>2</Copies>');
    expect(printParamsXml({ copies: Number.NaN })).toBe('<LabelWriterPrintParams/>');
  });

  it('escapes the job title', () => {
    expect(printParamsXml({ jobTitle: 'Smith & <Jones> "R"' })).toBe(
      '<LabelWriterPrintParams><JobTitle>Smith &amp; &lt;Jones&gt; &quot;R&quot;</JobTitle></LabelWriterPrintParams>',
    );
  });
});

describe('render parameters XML', () => {
  it('writes colours, shadow, flow and resolution in the framework order', () => {
    expect(
      renderParamsXml({
        pngUseDisplayResolution: true,
        flowDirection: 'RightToLeft',
        shadowDepth: 0,
        shadowColor: { red: 10, green: 20, blue: 30, alpha: 0 },
        labelColor: { red: 255, green: 255, blue: 255 },
      }),
    ).toBe(
      '<LabelRenderParams><LabelColor Alpha="255" Red="255" Green="255" Blue="255"/>' +
        '<ShadowColor Alpha="0" Red="10" Green="20" Blue="30"/><ShadowDepth>0</ShadowDepth>' +
        '<FlowDirection>RightToLeft</FlowDirection><PngUseDisplayResolution>True</PngUseDisplayResolution>' +
        '</LabelRenderParams>',
    );
  });

  it('keeps colour channels within 0..255 and omits what is absent', () => {
    expect(renderParamsXml({ labelColor: { red: 300, green: -5 } })).toBe(
      '<LabelRenderParams><LabelColor Alpha="255" Red="255" Green="0" Blue="0"/></LabelRenderParams>',
    );
    expect(renderParamsXml({ pngUseDisplayResolution: false })).toBe(
      '<LabelRenderParams><PngUseDisplayResolution>False</PngUseDisplayResolution></LabelRenderParams>',
    );
    expect(renderParamsXml()).toBe('');
  });
});

describe('label set XML', () => {
  it('writes one record per entry and one ObjectData per object, escaped', () => {
    expect(
      labelSetXml([
        { Address: 'Ann Lee\n1 Main St', Text: 'R&D <1>' },
        { Address: '"Bob" O\'Neil' },
      ]),
    ).toBe(
      '<LabelSet><LabelRecord><ObjectData Name="Address">Ann Lee\n1 Main St</ObjectData>' +
        '<ObjectData Name="Text">R&amp;D &lt;1&gt;</ObjectData></LabelRecord>' +
        '<LabelRecord><ObjectData Name="Address">&quot;Bob&quot; O&apos;Neil</ObjectData></LabelRecord></LabelSet>',
    );
  });

  it('gives no label set for no records (an empty one would print nothing)', () => {
    expect(labelSetXml([])).toBe('');
  });

  it('drops characters XML cannot carry', () => {
    expect(labelSetXml([{ Address: 'A\u0000B\u0007C\uD800' }])).toBe(
      '<LabelSet><LabelRecord><ObjectData Name="Address">ABC</ObjectData></LabelRecord></LabelSet>',
    );
  });
});
