import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../common/page-render.js';

/**
 * The build's renderer of public pages, with every page's code loaded; undefined when the build has none
 * (the browser then renders every page).
 */
export async function loadPageRenderer(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  await renderer.ready;
  return renderer;
}
