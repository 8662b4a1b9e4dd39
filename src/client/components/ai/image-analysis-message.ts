import { formatImageAnalysis, type AnalyzeImageResponse } from '@common/ai';

/** The analysis as one AI message, followed by tips for a better photo when the photo itself had problems. */
export function imageAnalysisMessage(result: AnalyzeImageResponse): string {
  const analysis = formatImageAnalysis(result);
  if (result.photoChecks.length === 0) return analysis;
  return [analysis, '', '**Photo tips:**', ...result.photoChecks.map((check) => `- ${check.message}`)].join('\n');
}
