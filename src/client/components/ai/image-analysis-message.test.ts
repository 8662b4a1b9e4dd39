import { describe, expect, it } from 'vitest';
import type { AnalyzeImageResponse } from '@common/ai';
import { imageAnalysisMessage } from './image-analysis-message';

const result: AnalyzeImageResponse = {
  category: 'Electrical',
  severity: 'medium',
  diagnosis: 'Green corrosion on the battery terminal.',
  recommendations: ['Disconnect the negative lead first', 'Clean with a wire brush'],
  urgency: 'soon',
  sessionId: 's-1',
  photoChecks: [],
};

describe('imageAnalysisMessage', () => {
  it('is the formatted analysis alone when the photo was fine', () => {
    const text = imageAnalysisMessage(result);
    expect(text).toMatch(/^\*\*Image Analysis Results\*\*/);
    expect(text).toContain('- Clean with a wire brush');
    expect(text).not.toContain('Photo tips');
  });

  it('adds the photo tips after the analysis when the photo had problems', () => {
    const text = imageAnalysisMessage({ ...result, photoChecks: [{ check: 'too-dark', message: 'Take the photo in better light.' }] });
    expect(text.endsWith('**Photo tips:**\n- Take the photo in better light.')).toBe(true);
  });
});
