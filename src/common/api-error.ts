import { z } from 'zod';

/** Every error the API answers has this shape. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
