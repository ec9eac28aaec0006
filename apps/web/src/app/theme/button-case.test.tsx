import { render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createBrandTheme } from './brand-theme.ts';

const textTransform = (element: HTMLElement) => window.getComputedStyle(element).textTransform;

describe('button text in the brand theme', () => {
  it('sets buttons in sentence case, as written, not in capitals', () => {
    render(
      <ThemeProvider theme={createBrandTheme(null)}>
        <Button>Save permission</Button>
      </ThemeProvider>,
    );
    expect(textTransform(screen.getByRole('button', { name: 'Save permission' }))).toBe('none');
  });

  it('sets tabs, toggle buttons and floating buttons the same way', () => {
    render(
      <ThemeProvider theme={createBrandTheme(null)}>
        <Tabs value={0} aria-label="Reports">
          <Tab label="Spending" />
        </Tabs>
        <ToggleButton value="grid">Grid view</ToggleButton>
        <Fab variant="extended">Add title</Fab>
      </ThemeProvider>,
    );
    for (const control of [
      screen.getByRole('tab', { name: 'Spending' }),
      screen.getByRole('button', { name: 'Grid view' }),
      screen.getByRole('button', { name: 'Add title' }),
    ]) {
      expect(textTransform(control)).toBe('none');
    }
  });
});
