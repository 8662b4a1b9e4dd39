// Lint rules for the feature architecture (docs/ARCHITECTURE.md, "Features and their doors"):
// - `door`: another feature is imported only through its index file, and shared building blocks import no
//   feature at all;
// - `no-folder-cycle`: no import closes a cycle between folders (features, layers), which a module-level
//   cycle check cannot see.
import path from 'node:path';
import { boundaryViolation, folderGraph, importEdges, moduleGraph, pathBack, resolveImport, unitOf } from './import-graph.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function eachImport(context, check) {
  const visit = (node) => {
    const specifier = node.source?.value;
    if (typeof specifier !== 'string') return;
    const target = resolveImport(root, context.filename, specifier);
    if (target) check(node.source, target);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const door = {
  meta: { type: 'problem', docs: { description: 'Features are used only through their door' }, schema: [] },
  create(context) {
    return eachImport(context, (node, target) => {
      const problem = boundaryViolation(root, context.filename, target);
      if (problem) context.report({ node, message: problem });
    });
  },
};

// One lint run reads the tree once; the graphs are the tree as it is on disk when the run starts.
let edgesOfThisRun;
let folderGraphOfThisRun;
let moduleGraphOfThisRun;
const noFolderCycle = {
  meta: { type: 'problem', docs: { description: 'No import cycle between folders' }, schema: [] },
  create(context) {
    edgesOfThisRun ??= importEdges(root);
    folderGraphOfThisRun ??= folderGraph(root, edgesOfThisRun);
    if (/\.test\.tsx?$/.test(context.filename)) return {};
    return eachImport(context, (node, target) => {
      const from = unitOf(root, context.filename);
      const to = unitOf(root, target);
      if (!from || !to || from === to) return;
      const way = pathBack(folderGraphOfThisRun, from, to);
      if (way) context.report({ node, message: `folder cycle: ${from} -> ${way.join(' -> ')}` });
    });
  },
};

const noModuleCycle = {
  meta: { type: 'problem', docs: { description: 'No import cycle between modules' }, schema: [] },
  create(context) {
    edgesOfThisRun ??= importEdges(root);
    moduleGraphOfThisRun ??= moduleGraph(edgesOfThisRun);
    return eachImport(context, (node, target) => {
      const way = pathBack(moduleGraphOfThisRun, context.filename, target);
      if (way) context.report({ node, message: `module cycle: ${[context.filename, ...way].map((file) => path.relative(root, file)).join(' -> ')}` });
    });
  },
};

export default { rules: { door, 'no-folder-cycle': noFolderCycle, 'no-module-cycle': noModuleCycle } };
