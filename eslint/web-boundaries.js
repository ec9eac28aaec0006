// Import boundaries of the web app (apps/web).
//
// Each folder in src/features is an area with one public entry, its index.ts: what it exports
// there (its routes, drawer items, and any API another part needs) is all the rest of the app
// may use. So an area can be reorganised inside its folder without breaking anything outside,
// and app/ learns about areas only through app/feature-registry.ts.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';

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

/** The zones, with the paths inside each area that others may import. */
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

const TESTS = [`${SRC}/**/*.test.{ts,tsx}`];

export default [
  {
    files: [`${SRC}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // Relative imports carry their .ts/.tsx extension; @csp/contracts is a workspace package.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zonesAllowing([ENTRY]) }],
      // A cycle makes module start-up order matter and usually means a misplaced file.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A test may also use another area's fakes (features/<area>/test/), e.g. the app's session
  // tests drive the permissions page over its fake server. Production code may not.
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zonesAllowing([ENTRY, './test']) }],
    },
  },
];
