import { describe, expect, it } from 'vitest';
import type { ImageAnalysisAnswer } from '@common/ai-answers';
import { imageAnalysisMessage } from './image-analysis-message';

const result: ImageAnalysisAnswer = {
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

  it('renders the documented shape alone, without our session or photo checks', () => {
    const text = imageAnalysisMessage({ category: 'Hull & Deck', severity: 'Low', diagnosis: 'Chalky gelcoat.', recommendations: ['Compound and wax'] });
    expect(text).toBe(
      ['**Image Analysis Results**', '', '**Category:** Hull & Deck', '**Severity:** Low', '', '**Diagnosis:**', 'Chalky gelcoat.', '', '**Recommendations:**', '- Compound and wax'].join('\n'),
    );
  });

  it('adds the photo tips after the analysis when the photo had problems', () => {
    const text = imageAnalysisMessage({ ...result, photoChecks: [{ check: 'too-dark', message: 'Take the photo in better light.' }] });
    expect(text.endsWith('**Photo tips:**\n- Take the photo in better light.')).toBe(true);
  });
});
