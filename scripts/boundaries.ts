import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// `npm run boundaries`: how far each app is from "one public face per feature" (issue 21).
// Counts, per app, the imports from one feature into another feature's files other than its
// public ones (deep imports), the imports of the composition root app.ts from a feature, the
// feature-to-feature links and the cycles among features and among files. A feature's public
// files are its index.ts and, on the server, its schema.ts: a query may join another
// feature's tables (issue 21), so importing them is not a deep import. Tests and their
// kits (*.test.ts, *.test-kit.ts, src/test/) are left out: they may reach into what they test.

const root = resolve(import.meta.dirname, '..');
const apps = [
  { name: 'server', src: join(root, 'apps/server/src') },
  { name: 'web', src: join(root, 'apps/web/src') },
];

const importPattern =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === 'test' ? [] : sourceFiles(path);
    const isSource = /\.(ts|tsx)$/.test(entry) && !/\.(test|e2e|test-kit)\.tsx?$/.test(entry);
    return isSource && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].flatMap((match) => {
    const target = resolve(dirname(file), match[1] ?? match[2] ?? '');
    return existsSync(target) ? [target] : [];
  });
}

function featureOf(src: string, file: string): string | null {
  const parts = relative(src, file).split('/');
  return parts[0] === 'features' && parts.length > 2 ? (parts[1] ?? null) : null;
}

// Tarjan's strongly connected components; the cycles are those with more than one node.
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const lows = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexes.set(node, index);
    lows.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        lows.set(node, Math.min(lows.get(node) ?? 0, lows.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lows.set(node, Math.min(lows.get(node) ?? 0, indexes.get(next) ?? 0));
      }
    }
    if (lows.get(node) === indexes.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return found;
}

function link(graph: Map<string, Set<string>>, from: string, to: string) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from)?.add(to);
}

for (const app of apps) {
  const files = sourceFiles(app.src);
  const fileGraph = new Map<string, Set<string>>();
  const featureGraph = new Map<string, Set<string>>();
  let deepImports = 0;
  let rootImports = 0;
  for (const file of files) {
    const from = featureOf(app.src, file);
    for (const target of importsOf(file)) {
      link(fileGraph, file, target);
      const to = featureOf(app.src, target);
      if (from !== null && relative(app.src, target) === 'app.ts') rootImports += 1;
      if (from === null || to === null || from === to) continue;
      link(featureGraph, from, to);
      if (!/\/(index\.tsx?|schema\.ts)$/.test(target)) deepImports += 1;
    }
  }
  const links = [...featureGraph.values()].reduce((sum, targets) => sum + targets.size, 0);
  const featureCycles = cycles(featureGraph);
  const fileCycles = cycles(fileGraph);
  const largest = Math.max(0, ...fileCycles.map((cycle) => cycle.length));
  const features = new Set(files.flatMap((file) => featureOf(app.src, file) ?? []));
  console.log(`${app.name}: ${files.length} source files, ${features.size} features`);
  console.log(
    `  imports into another feature's files (not its index.ts or schema.ts): ${deepImports}`,
  );
  console.log(`  imports of app.ts from a feature: ${rootImports}`);
  console.log(`  feature-to-feature links: ${links}`);
  console.log(
    `  feature cycles: ${featureCycles.length}${featureCycles.map((cycle) => `\n    ${cycle.join(' ↔ ')}`).join('')}`,
  );
  console.log(`  file cycles: ${fileCycles.length} (largest ${largest} files)`);
}
