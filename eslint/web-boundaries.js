// Import boundaries of the web app (apps/web).
//
// Each folder in src/features is an area with one public entry, its index.ts: what it exports
// there (its routes, drawer items, and any API another part needs) is all the rest of the app
// may use. So an area can be reorganised inside its folder without breaking anything outside,
// and app/ learns about areas only through app/feature-registry.ts.
//
// The layers point down only: app/ (the compose layer: routes, router, feature registry,
// providers, service wiring; only main.tsx imports it) uses features/, which use platform/
// (session, notifications, website, route metadata, lazy pages, titles, shared types), which
// uses lib/ and components/. Tests may assemble the whole app, so they may import app/.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import cycles from './import-cycles.js';

const SRC = 'apps/web/src';
const FEATURES = `${SRC}/features`;
const ENTRY = './index.ts';

// Read from disk, so a new area is covered without editing this file.
const areas = readdirSync(fileURLToPath(new URL(`../${FEATURES}`, import.meta.url)), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const ENTRY_ONLY =
  'Import another area only through its entry file, features/<area>/index.ts; export what ' +
  'you need from there.';

/** The zones, with the paths inside each area that others may import (its entry). */
const zonesAllowing = (except) => [
  // features/A may use anything of its own, and of another area B only B's index.ts.
  ...areas.map((area) => ({
    target: `${FEATURES}/${area}`,
    from: areas.filter((other) => other !== area).map((other) => `${FEATURES}/${other}`),
    except,
    message: ENTRY_ONLY,
  })),
  // app/ composes areas (feature-registry.ts) and uses their public API, never their insides.
  {
    target: `${SRC}/app`,
    from: areas.map((area) => `${FEATURES}/${area}`),
    except,
    message: `app/ reaches an area only through its entry file. ${ENTRY_ONLY}`,
  },
  // lib/ and components/ sit below every area and know none of them.
  {
    target: [`${SRC}/lib`, `${SRC}/components`],
    from: FEATURES,
    message: 'lib/ and components/ are shared by every area and must not depend on one.',
  },
];

/** platform/ serves every area, so it knows none of them either. */
const PLATFORM_BELOW_AREAS = {
  target: `${SRC}/platform`,
  from: FEATURES,
  message: 'platform/ sits below every area and must not depend on one: move what both need down.',
};

/** Nothing below the compose layer imports it: it would make the layers a circle. */
const COMPOSE_LAYER = {
  target: [`${FEATURES}`, `${SRC}/lib`, `${SRC}/components`, `${SRC}/platform`],
  from: `${SRC}/app`,
  message:
    'Features, lib/, components/ and platform/ do not import the compose layer (app/): move ' +
    'what they share to platform/.',
};

const TESTS = [`${SRC}/**/*.test.{ts,tsx}`, `${SRC}/test/**`];

export default [
  {
    files: [`${SRC}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX, cycles },
    settings: {
      // Relative imports carry their .ts/.tsx extension; @csp/contracts is a workspace package.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...zonesAllowing([ENTRY]), PLATFORM_BELOW_AREAS, COMPOSE_LAYER] },
      ],
      // A cycle makes module start-up order matter and usually means a misplaced file; one made
      // of type imports only is still a misplaced type (import-cycles.js).
      'cycles/no-cycle': 'error',
    },
  },
  // apps/web/package.json declares the app's modules free of side effects (ADR 0053), so the
  // bundler leaves out a module none of whose exports is used: one imported only for what it
  // does when loaded would silently be dropped from the build.
  {
    files: [`${SRC}/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[specifiers.length=0][source.value=/^\\./]:not([source.value=/\\.css$/])',
          message:
            'The web app is built as free of side effects (ADR 0053): import a binding and use it, ' +
            'or list the file under "sideEffects" in apps/web/package.json.',
        },
      ],
    },
  },
  // Tests and their helpers (fake servers, fixtures, render helpers: all in src/test/) may
  // assemble the whole app, e.g. the platform's session tests drive the permissions page: they
  // keep to areas' entry files but may import app/ and features/ from any layer.
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zonesAllowing([ENTRY]) }],
    },
  },
];
