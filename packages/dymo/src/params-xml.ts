import { escapeXml, element } from './xml-text.ts';

export type FlowDirection = 'LeftToRight' | 'RightToLeft';

export interface PrintParams {
  copies?: number;
  jobTitle?: string;
  flowDirection?: FlowDirection;
  printQuality?: 'Text' | 'BarcodeAndGraphics' | 'Auto';
  twinTurboRoll?: 'Left' | 'Right' | 'Auto';
}

/**
 * LabelWriter print parameters, elements in the order the service's schema has them, absent ones
 * left out, no XML declaration. Like the framework, no parameters at all gives '' (the service's
 * defaults). Copies are at least 1: 0, negative or fractional counts become a whole number >= 1.
 */
export function printParamsXml(p?: PrintParams): string {
  if (!p) return '';
  const parts: string[] = [];
  if (p.copies !== undefined && Number.isFinite(p.copies)) {
    parts.push(element('Copies', String(Math.max(1, Math.trunc(p.copies)))));
  }
  if (p.jobTitle) parts.push(element('JobTitle', p.jobTitle));
  if (p.flowDirection) parts.push(element('FlowDirection', p.flowDirection));
  if (p.printQuality) parts.push(element('PrintQuality', p.printQuality));
  if (p.twinTurboRoll) parts.push(element('TwinTurboRoll', p.twinTurboRoll));
  return wrap('LabelWriterPrintParams', parts);
}

/** A colour channel set; missing channels are 0, a missing alpha is opaque (255). */
export interface DymoColor {
  alpha?: number;
  red?: number;
  green?: number;
  blue?: number;
}

export interface RenderParams {
  labelColor?: DymoColor;
  shadowColor?: DymoColor;
  /** Twips; 0 renders no shadow. */
  shadowDepth?: number;
  flowDirection?: FlowDirection;
  /** True: screen resolution (a smaller PNG); false: printer resolution (for zooming). */
  pngUseDisplayResolution?: boolean;
}

/** Render parameters for RenderLabel, in the framework's element order; none at all gives ''. */
export function renderParamsXml(p?: RenderParams): string {
  if (!p) return '';
  const parts: string[] = [];
  if (p.labelColor) parts.push(colorElement('LabelColor', p.labelColor));
  if (p.shadowColor) parts.push(colorElement('ShadowColor', p.shadowColor));
  if (p.shadowDepth !== undefined && Number.isFinite(p.shadowDepth)) {
    parts.push(element('ShadowDepth', String(Math.max(0, Math.round(p.shadowDepth)))));
  }
  if (p.flowDirection) parts.push(element('FlowDirection', p.flowDirection));
  if (p.pngUseDisplayResolution !== undefined) {
    parts.push(element('PngUseDisplayResolution', p.pngUseDisplayResolution ? 'True' : 'False'));
  }
  return wrap('LabelRenderParams', parts);
}

/**
 * A LabelSet: one LabelRecord per record, one ObjectData per object name (the label object whose
 * text it replaces). An empty list gives '' rather than an empty LabelSet, because a LabelSet
 * without records prints no label at all while '' prints the label as it is.
 */
export function labelSetXml(records: ReadonlyArray<Record<string, string>>): string {
  if (records.length === 0) return '';
  const body = records
    .map((record) => {
      const data = Object.entries(record)
        .map(
          ([name, text]) =>
            `<ObjectData Name="${escapeXml(name)}">${escapeXml(String(text))}</ObjectData>`,
        )
        .join('');
      return `<LabelRecord>${data}</LabelRecord>`;
    })
    .join('');
  return `<LabelSet>${body}</LabelSet>`;
}

function wrap(root: string, parts: readonly string[]): string {
  return parts.length === 0 ? `<${root}/>` : `<${root}>${parts.join('')}</${root}>`;
}

function colorElement(name: string, c: DymoColor): string {
  const channel = (v: number | undefined, fallback: number): number =>
    v === undefined || !Number.isFinite(v) ? fallback : Math.min(255, Math.max(0, Math.round(v)));
  return `<${name} Alpha="${channel(c.alpha, 255)}" Red="${channel(c.red, 0)}" Green="${channel(c.green, 0)}" Blue="${channel(c.blue, 0)}"/>`;
}
