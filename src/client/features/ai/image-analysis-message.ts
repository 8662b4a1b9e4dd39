import { formatImageAnalysis } from '@common/ai-image-analysis';
import type { ImageAnalysisAnswer } from '@common/ai-answers';

/** The analysis as one AI message, followed by tips for a better photo when the photo itself had problems. */
export function imageAnalysisMessage(result: ImageAnalysisAnswer): string {
  const analysis = formatImageAnalysis(result);
  const checks = result.photoChecks ?? [];
  if (checks.length === 0) return analysis;
  return [analysis, '', '**Photo tips:**', ...checks.map((check) => `- ${check.message}`)].join('\n');
}
