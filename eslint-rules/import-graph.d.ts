// Types of import-graph.js, for the TypeScript scripts that use it.
export const SHARED_SERVER: string[];
export const SHARED_CLIENT: string[];
export interface ImportEdge {
  from: string;
  to: string;
}
export function sourceFiles(dir: string): string[];
export function importSpecifiers(text: string): string[];
export function resolveImport(root: string, fromFile: string, specifier: string): string | null;
export function unitOf(root: string, file: string): string | null;
export function featureOf(unit: string | null): string | null;
export function isSharedUnit(unit: string | null): boolean;
export function isDoor(file: string): boolean;
export function boundaryViolation(root: string, fromFile: string, toFile: string): string | null;
export function importEdges(root: string): ImportEdge[];
export function cycles(graph: Map<string, Set<string>>): string[][];
export function folderGraph(root: string, edges?: ImportEdge[]): Map<string, Set<string>>;
export function folderCycles(root: string, edges?: ImportEdge[]): string[][];
export function pathBack(graph: Map<string, Set<string>>, from: string, to: string): string[] | null;
export function moduleGraph(edges: ImportEdge[]): Map<string, Set<string>>;
export function moduleCycles(root: string, edges?: ImportEdge[]): string[][];
