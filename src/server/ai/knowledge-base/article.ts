import { z } from 'zod';
import { KB_CATEGORIES } from '../../../common/ai-rules.js';

export { KB_CATEGORIES };

/** One article of the built-in marine knowledge base, written for this product. */
export const kbArticleSchema = z.object({
  /** kebab-case, unique. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(5),
  category: z.enum(KB_CATEGORIES),
  /** Words and phrases boat owners use for the problem: "won't start", "cranks but won't fire". */
  symptoms: z.array(z.string().min(2)).min(3),
  /** Parts, systems and technical terms. */
  keywords: z.array(z.string().min(2)).min(3),
  /** Brands, models or kinds of boat and equipment it applies to ('all outboards', 'Yamaha F-series'). */
  appliesTo: z.array(z.string().min(2)).min(1),
  /** What is likely going on, in two to four sentences. */
  summary: z.string().min(80),
  /** Likely causes, most likely first. */
  causes: z.array(z.string().min(10)).min(2),
  /** Troubleshooting steps in the order to do them. */
  steps: z.array(z.string().min(15)).min(4),
  /** Safety points that apply. */
  safety: z.array(z.string().min(15)).min(1),
  /** When to stop and call a professional. */
  callAPro: z.string().min(30),
  /** Typical repair cost in US dollars, with what it depends on. */
  cost: z.object({ low: z.number().int().min(0), high: z.number().int().min(0), note: z.string().min(10) }),
  /** 1-3 real, authoritative pages. */
  references: z
    .array(z.object({ title: z.string().min(3), url: z.url().startsWith('http') }))
    .min(1)
    .max(3),
});
export type KbArticle = z.infer<typeof kbArticleSchema>;
