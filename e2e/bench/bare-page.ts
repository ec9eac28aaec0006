import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { REPO_ROOT } from '../support/server.ts';

/**
 * The yardstick of the login page's weight: a bare React + MUI page (theme, baseline, a text
 * field and a button), built by Vite for production like the portal. Built inside apps/web so
 * it resolves the same packages; removed afterwards.
 */
export async function bareReactMuiJsGzipBytes(): Promise<number> {
  const root = join(REPO_ROOT, 'apps/web/.bench-bare-page');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  try {
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(
      join(root, 'main.js'),
      `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Container, CssBaseline, TextField, ThemeProvider, createTheme } from '@mui/material';
createRoot(document.getElementById('root')).render(
  h(ThemeProvider, { theme: createTheme() }, h(CssBaseline), h(Container, null,
    h(TextField, { label: 'Email' }), h(Button, { variant: 'contained' }, 'Sign in'))),
);
`,
    );
    const outDir = join(root, 'dist');
    await build({ root, configFile: false, logLevel: 'silent', build: { outDir } });
    const assets = join(outDir, 'assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
