import type { ImageAnalysis } from './ai.js';

/** The analysis as one chat message, with the headings the product shows. */
export function formatImageAnalysis(analysis: ImageAnalysis): string {
  const lines = [
    '**Image Analysis Results**',
    '',
    `**Category:** ${analysis.category}`,
    `**Severity:** ${analysis.severity}`,
    '',
    '**Diagnosis:**',
    analysis.diagnosis,
    '',
    '**Recommendations:**',
    ...analysis.recommendations.map((r) => `- ${r}`),
  ];
  if (analysis.estimatedCost) lines.push('', `**Estimated Cost:** ${analysis.estimatedCost}`);
  if (analysis.urgency) lines.push(`**Urgency:** ${analysis.urgency}`);
  return lines.join('\n');
}
