import { useController, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { brandColourProblem, contrastRatio, WCAG_AA_NORMAL_TEXT } from '@csp/contracts';
import type { BrandingOutput, BrandingValues } from './website-schema.ts';

const FULL_HEX = /^#[0-9a-fA-F]{6}$/;

interface ColourFieldProps {
  control: Control<BrandingValues, unknown, BrandingOutput>;
  name: 'primaryColor' | 'secondaryColor';
  /** "Primary colour". */
  label: string;
}

/**
 * A brand colour as #hex text with the browser's colour picker in it, and below it a strip of
 * the colour carrying white text, as the app bar and buttons will. A complete colour is checked
 * as it is typed, by the rule the server applies (brandColourProblem): its words show under the
 * field before any save, and the form's own check refuses the save with the same words.
 */
export function ColourField({ control, name, label }: ColourFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value.trim();
  const complete = FULL_HEX.test(value);
  const problem = complete ? brandColourProblem(value) : null;
  const message = problem ?? fieldState.error?.message;
  const hint = complete
    ? `Contrast with white text: ${contrastRatio(value, '#ffffff').toFixed(2)}:1 (at least ${WCAG_AA_NORMAL_TEXT}:1).`
    : 'A colour like #1a3d6d.';
  return (
    <div>
      <TextField
        label={label}
        required
        fullWidth
        autoComplete="off"
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={Boolean(message)}
        helperText={message ?? hint}
        slotProps={{
          htmlInput: { spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Box
                  component="input"
                  type="color"
                  aria-label={`Choose the ${label.toLowerCase()}`}
                  value={complete ? value.toLowerCase() : '#000000'}
                  onChange={(event) => field.onChange((event.target as HTMLInputElement).value)}
                  sx={{
                    width: 40,
                    height: 32,
                    p: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    cursor: 'pointer',
                  }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      {/* Decorative: the ratio in the helper text says what the strip shows. */}
      <Box
        aria-hidden
        sx={{
          mt: 1,
          px: 1.5,
          py: 0.75,
          borderRadius: 1,
          color: '#fff',
          fontWeight: 500,
          bgcolor: complete ? value : 'action.disabledBackground',
        }}
      >
        White text on the {label.toLowerCase()}
      </Box>
    </div>
  );
}
