// No import cycles, type-only imports included. import-x's no-cycle skips every `import type`
// (its rule has no option to keep them), yet a cycle through types is still two files that each
// need the other, usually a type declared on the wrong side. This rule walks the same module
// graph import-x builds (ModuleInfo, shared cache and resolver settings) but follows every edge.
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';

/** Modules already walked while linting the current file: no way back from them was found. */
const traversed = new Set();
/**
 * Whether a bare specifier names an npm package, by specifier: the answer is the same from every
 * file of the repository, and resolving it again for each edge of each file's walk was most of
 * this rule's time (27 s of a 86 s lint, 2026-12-07).
 */
const externalByName = new Map();

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, including those made only of type imports.' },
    schema: [],
    messages: { cycle: 'Dependency cycle (type imports count) via {{route}}' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const external = (name) => {
      // A relative or absolute path is a file of the repository, never a package.
      if (name.startsWith('.') || name.startsWith('/')) return false;
      let known = externalByName.get(name);
      if (known === undefined) {
        known = isExternalModule(name, resolve(name, context), context);
        externalByName.set(name, known);
      }
      return known;
    };
    return {
      ...moduleVisitor((source, importer) => {
        if (external(source.value)) return;
        const imported = ModuleInfo.get(source.value, context);
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
        traversed.add(imported.path);
        // Breadth first, so the route reported is a shortest one.
        const queue = [{ info: () => imported, route: [source.value] }];
        while (queue.length > 0) {
          const { info, route } = queue.shift();
          const next = info();
          if (next == null) continue;
          for (const [path, { resolve: nextInfo, declarations }] of next.getImports()) {
            const edge = [...declarations].find((d) => !external(d.source.value));
            if (edge === undefined) continue;
            if (path === filename) {
              queue.forEach((pending) => traversed.delete(pending.path));
              context.report({
                node: importer,
                messageId: 'cycle',
                data: { route: [...route, edge.source.value].join(' => ') },
              });
              return;
            }
            if (traversed.has(path)) continue;
            traversed.add(path);
            queue.push({ info: nextInfo, route: [...route, edge.source.value], path });
          }
        }
      }),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
