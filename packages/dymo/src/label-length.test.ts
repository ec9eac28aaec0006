import { describe, expect, it } from 'vitest';
import { setLabelLength } from './label-length.ts';
import { shippingLabel30256Xml } from './label-30256.ts';
import { thrownBy } from './test-support/thrown.ts';

const continuous = `<?xml version="1.0" encoding="utf-8"?>
<ContinuousLabel Version="8.0" Units="twips">
  <PaperOrientation>Landscape</PaperOrientation>
  <Id>Tape12mm</Id>
  <PaperName>12mm</PaperName>
  <LengthMode>Auto</LengthMode>
  <LabelLength>0</LabelLength>
  <!-- <LengthMode>in a comment</LengthMode> -->
  <RootCell>
    <TextObject><Name>T</Name><LengthMode>Nested</LengthMode><String>A &amp; B</String></TextObject>
    <ObjectMargin Left="0" Right="0" Top="0" Bottom="0" />
    <Length>0</Length>
    <LengthMode>Auto</LengthMode>
    <BorderWidth>0</BorderWidth>
  </RootCell>
</ContinuousLabel>`;

describe('setLabelLength', () => {
  it('sets a fixed length on the label and its root cell, and nothing else', () => {
    expect(setLabelLength(continuous, 1440)).toBe(
      continuous
        .replace(
          '<LengthMode>Auto</LengthMode>\n  <LabelLength>0</LabelLength>',
          '<LengthMode>Fixed</LengthMode>\n  <LabelLength>1440</LabelLength>',
        )
        .replace(
          '<Length>0</Length>\n    <LengthMode>Auto</LengthMode>',
          '<Length>1440</Length>\n    <LengthMode>Fixed</LengthMode>',
        ),
    );
  });

  it('makes 0 automatic with the framework length 7200', () => {
    const fixed = setLabelLength(continuous, 300);
    const auto = setLabelLength(fixed, 0);
    expect(auto).toContain('<LengthMode>Auto</LengthMode>\n  <LabelLength>7200</LabelLength>');
    expect(auto).toContain('<Length>7200</Length>\n    <LengthMode>Auto</LengthMode>');
    expect(auto).toContain('<LengthMode>Nested</LengthMode>');
  });

  it('accepts the bounds 1 and 7200', () => {
    expect(setLabelLength(continuous, 1)).toContain('<LabelLength>1</LabelLength>');
    expect(setLabelLength(continuous, 7200)).toContain(
      '<LengthMode>Fixed</LengthMode>\n  <LabelLength>7200</LabelLength>',
    );
  });

  it('adds missing length elements before the root cell and fills self-closing ones', () => {
    const sparse =
      '<ContinuousLabel Version="8.0" Units="twips"><Id>x</Id><LabelLength/><RootCell><Length /></RootCell></ContinuousLabel>';
    expect(setLabelLength(sparse, 500)).toBe(
      '<ContinuousLabel Version="8.0" Units="twips"><Id>x</Id><LabelLength>500</LabelLength><LengthMode>Fixed</LengthMode><RootCell><Length>500</Length></RootCell></ContinuousLabel>',
    );
  });

  it('refuses a non-continuous label with the framework message', () => {
    const error = thrownBy(() => setLabelLength(shippingLabel30256Xml({ addressLines: ['A'] }), 0));
    expect(error).toMatchObject({
      code: 'NON_CONTINUOUS_LABEL',
      message: 'Cannot set length on non-continuous label.',
    });
  });

  it.each([-1, 7201, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses length %s', (length) => {
    expect(thrownBy(() => setLabelLength(continuous, length))).toMatchObject({
      code: 'BAD_LABEL_LENGTH',
    });
  });

  it.each(['', '   ', '<ContinuousLabel>', 'not xml', '<ContinuousLabel/>'])(
    'refuses label XML it cannot read: %j',
    (xml) => {
      expect(thrownBy(() => setLabelLength(xml, 0))).toMatchObject({ code: 'NO_LABEL_XML' });
    },
  );
});
