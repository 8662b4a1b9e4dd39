import type { KbArticle } from '../article.js';
import { electricalArticles } from './electrical.js';
import { electronicsArticles } from './electronics.js';
import { engineArticles } from './engine.js';
import { hullArticles } from './hull.js';
import { maintenanceArticles } from './maintenance.js';
import { plumbingArticles } from './plumbing.js';
import { riggingArticles } from './rigging.js';
import { safetyArticles } from './safety.js';
import { trailerArticles } from './trailer.js';

/** Every article of the built-in knowledge base, grouped by category. */
export const allArticles: KbArticle[] = [
  ...engineArticles,
  ...electricalArticles,
  ...electronicsArticles,
  ...maintenanceArticles,
  ...hullArticles,
  ...riggingArticles,
  ...plumbingArticles,
  ...safetyArticles,
  ...trailerArticles,
];
