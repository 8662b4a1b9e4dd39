import type { KbArticle } from '../article.js';

// Filled in as the category files are written.
export const allArticles: KbArticle[] = [];
