import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** `'/experts': () => import('./pages/experts')`, as src/client/page-modules.ts maps each page to its module. */
const PAGE_MODULE = /'([^']+)': \(\) => import\('\.\/pages\/([\w-]+)'\)/g;

/**
 * Writes page-preloads.json: for each page pattern, the chunks its module needs beyond the entry's own.
 * The server lists them as modulepreload links in the page's HTML, so a deep link downloads its page
 * alongside the app's main script instead of after it has run (a round trip or two on a phone).
 */
export function pagePreloads(): Plugin {
  let root = '';
  return {
    name: 'kb-page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const source = readFileSync(resolve(root, 'page-modules.ts'), 'utf8');
      const pages = [...source.matchAll(PAGE_MODULE)];
      if (pages.length !== (source.match(/import\('\.\/pages\//g) ?? []).length) {
        this.error('page-modules.ts maps a page in a form page-preloads does not read');
      }
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const staticClosure = (chunk: OutputChunk, into = new Set<string>()) => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) staticClosure(byFile.get(file)!, into);
        return into;
      };
      const initial = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...staticClosure(chunk)]));
      const preloads: Record<string, string[]> = {};
      for (const [, path, name] of pages) {
        const module = resolve(root, 'pages', `${name}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === module);
        if (!chunk) this.error(`no chunk for ${module}`);
        preloads[path!] = [...staticClosure(chunk)].filter((file) => !initial.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}
