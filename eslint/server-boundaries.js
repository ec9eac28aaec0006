// Import boundaries of the server (apps/server/src), so the shape in docs/ARCHITECTURE.md stays
// true: a module is used only through its entry file (modules/<area>/index.ts); modules never
// import plugin files (what both need lives in lib/); and nothing imports in a circle.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import cycles from './import-cycles.js';

const SRC = 'apps/server/src';
const modulesDir = fileURLToPath(new URL(`../${SRC}/modules`, import.meta.url));
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Everything in the server but module `name`: it may reach `name` only through its entry. */
const outside = (name) => [
  `./${SRC}/*.ts`,
  `./${SRC}/!(modules)/**/*`,
  `./${SRC}/modules/!(${name})/**/*`,
];

export default [
  {
    files: [`${SRC}/**/*.ts`],
    // Tests and their helpers may look inside the module they test.
    ignores: [`${SRC}/**/*.test.ts`, `${SRC}/test-support/**`],
    plugins: { 'import-x': importX, cycles },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      // no-cycle reads the imported files: it needs to know they are TypeScript.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...modules.map((name) => ({
              target: outside(name),
              from: `./${SRC}/modules/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} module through modules/${name}/index.ts.`,
            })),
            {
              target: `./${SRC}/modules/**/*`,
              from: `./${SRC}/plugins`,
              message: 'Modules do not import plugins: move what both need to lib/.',
            },
          ],
        },
      ],
      // Type imports included (import-cycles.js): a cycle through types is a misplaced type.
      'cycles/no-cycle': 'error',
    },
  },
];
