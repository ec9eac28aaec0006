import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { REPO_ROOT } from '../support/server.ts';

export interface BarePage {
  /** Its JavaScript, gzip-compressed file by file as the portal's server sends it. */
  jsGzipBytes: number;
  jsFiles: number;
  /** Where it is served (gzip, like the portal), for Lighthouse. */
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/**
 * The yardstick of every page's weight and speed: a bare React + MUI page (theme, baseline, a
 * text field and a button), built by Vite for production like the portal. Built inside apps/web
 * so it resolves the same packages; served gzip-compressed until closed, then removed.
 */
export async function bareReactMuiPage(): Promise<BarePage> {
  const root = join(REPO_ROOT, 'apps/web/.bench-bare-page');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
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
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const jsGzipBytes = js.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length,
    0,
  );
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    try {
      const body = gzipSync(readFileSync(join(outDir, path || 'index.html')));
      const type = TYPES[extname(path || 'index.html')] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jsGzipBytes,
    jsFiles: js.length,
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
