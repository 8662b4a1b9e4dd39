import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPagePath, PAGE_PATHS } from '../../common/page-paths.js';

/**
 * The app's HTML for each page: index.html with modulepreload links for the page's own chunks, as the
 * build lists them in page-preloads.json (vite-page-preloads.ts). A deep link then downloads its page
 * alongside the main script, not after the main script has run. Made once, at start.
 */
export function createPageHtml(clientDir: string): (pathname: string) => string {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const listFile = join(clientDir, 'page-preloads.json');
  const lists = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>) : {};
  const pages = new Map(
    PAGE_PATHS.map((path) => {
      const links = (lists[path] ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      return [path, links ? html.replace('</head>', `${links}</head>`) : html];
    }),
  );
  return (pathname) => {
    const path = matchPagePath(pathname);
    return (path && pages.get(path)) ?? html;
  };
}
