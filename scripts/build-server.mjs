// Builds the server for `npm start`: one ESM file (apps/server/dist/server.js) and the upload
// reading thread (dist/sheet-worker.js), so a start does not compile TypeScript (tsx took ~4 s of
// every start). The tests' server processes run such a build too; the command-line scripts and
// the in-process tests run the TypeScript sources.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** What the build reads: start.mjs rebuilds when one of these is newer than the build. */
export const SERVER_INPUTS = [
  'apps/server/src',
  'packages/contracts/src',
  'packages/http-kit/src',
  'scripts/build-server.mjs',
];
export const SERVER_ENTRY = 'apps/server/dist/server.js';

/**
 * npm packages stay imports (node_modules is there at run time, and several packages find their
 * own files on disk); the workspace packages are TypeScript sources, so they are bundled in.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@csp/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` stays the source file's URL: the files beside it (migrations, mapping files,
 * the common-password list, seed data) are read from the source tree, as under tsx.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Builds into `outdir` (`npm start`'s apps/server/dist by default). The test suites build their
 * own copy under node_modules/.cache, so their server processes start as `npm start`'s do
 * without racing a developer's build; npm packages resolve from there as from dist.
 */
export async function buildServer(root, outdir = join(root, 'apps/server/dist')) {
  // No chunk of an earlier build is left beside this one.
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      server: 'apps/server/src/server.ts',
      'sheet-worker': 'apps/server/src/lib/uploads/sheet-worker.ts',
    },
    outdir,
    bundle: true,
    // A module the server imports only when needed (the development IdP, whose samlify is a
    // development dependency) stays a file of its own, loaded then.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // sheet-reader.ts starts this thread when it is defined (it is only in the built server).
    // Every output file is in outdir, so the URL is right in whichever one holds sheet-reader.
    banner: { js: "const BUILT_SHEET_WORKER = new URL('./sheet-worker.js', import.meta.url);" },
    plugins: [externalPackages, sourceUrls],
  });
}
