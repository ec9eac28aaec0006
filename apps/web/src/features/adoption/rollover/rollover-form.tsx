import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { shortTermName, type RolloverDivision } from '@csp/contracts';
import { NativeSelect } from '../../../components/native-select.tsx';
import type { RolloverChoice } from './rollover-queries.ts';
import { ROLLOVER_TEXT as T } from './rollover-text.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The first coming term (the soonest starting after today), else the newest. */
function defaultTarget(division: RolloverDivision | undefined): number | null {
  const terms = division?.terms ?? [];
  const coming = terms.filter((t) => t.startDate > today());
  return (coming.at(-1) ?? terms[0])?.termId ?? null;
}

interface RolloverFormProps {
  divisions: readonly RolloverDivision[];
  onPreview: (choice: RolloverChoice) => void;
}

/**
 * What to carry: a division (and perhaps one department), the term to fill and the term to
 * carry from (by default the last one of the same season). Nothing is asked until "Preview".
 */
export function RolloverForm({ divisions, onPreview }: RolloverFormProps) {
  const [divisionId, setDivisionId] = useState(divisions[0]?.divisionId ?? 0);
  const division = divisions.find((d) => d.divisionId === divisionId);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [targetTermId, setTargetTermId] = useState(defaultTarget(division));
  const [sourceTermId, setSourceTermId] = useState<number | null>(null);
  const terms = division?.terms ?? [];
  const target = terms.find((t) => t.termId === targetTermId);
  const earlier = terms.filter((t) => target !== undefined && t.startDate < target.startDate);
  const chooseDivision = (value: string) => {
    const id = Number(value);
    setDivisionId(id);
    setDepartmentId(null);
    setTargetTermId(defaultTarget(divisions.find((d) => d.divisionId === id)));
    setSourceTermId(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (targetTermId === null) return;
    onPreview({ divisionId, departmentId, targetTermId, sourceTermId });
  };
  const termOption = (t: { termId: number; termName: string }) => ({
    value: String(t.termId),
    label: shortTermName(t.termName),
  });
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} useFlexGap>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        {divisions.length > 1 && (
          <NativeSelect
            label={T.division}
            value={String(divisionId)}
            onChange={chooseDivision}
            options={divisions.map((d) => ({ value: String(d.divisionId), label: d.divisionName }))}
          />
        )}
        <NativeSelect
          label={T.department}
          value={departmentId === null ? '' : String(departmentId)}
          onChange={(v) => setDepartmentId(v === '' ? null : Number(v))}
          options={(division?.departments ?? []).map((d) => ({
            value: String(d.departmentId),
            label: `${d.code} ${d.name}`.trim(),
          }))}
        >
          <option value="">{T.allDepartments}</option>
        </NativeSelect>
        <NativeSelect
          label={T.target}
          value={targetTermId === null ? '' : String(targetTermId)}
          onChange={(v) => {
            setTargetTermId(Number(v));
            setSourceTermId(null);
          }}
          options={terms.map(termOption)}
        />
        <NativeSelect
          label={T.source}
          value={sourceTermId === null ? '' : String(sourceTermId)}
          onChange={(v) => setSourceTermId(v === '' ? null : Number(v))}
          options={earlier.map(termOption)}
          disabled={earlier.length === 0}
          helperText={target && earlier.length === 0 ? T.noEarlierTerm : undefined}
        >
          <option value="">{T.sameSeason}</option>
        </NativeSelect>
      </Stack>
      <div>
        <Button type="submit" variant="contained" disabled={targetTermId === null}>
          {T.preview}
        </Button>
      </div>
    </Stack>
  );
}
