import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS, fillPromptTemplate } from './ai.js';
import { formatImageAnalysis } from './ai-image-analysis.js';

describe('fillPromptTemplate', () => {
  it('puts the question where {question} stands, every time it appears', () => {
    expect(fillPromptTemplate('Issue: {question}\nAgain: {question}', 'no spark')).toBe('Issue: no spark\nAgain: no spark');
  });

  it('appends the question to a template without the placeholder, rather than dropping it', () => {
    expect(fillPromptTemplate('Answer as a marine technician.', 'no spark')).toBe('Answer as a marine technician.\n\nno spark');
  });

  it('leaves placeholder-like text in the question alone', () => {
    expect(fillPromptTemplate('Q: {question}', 'what is {question}? $& $1')).toBe('Q: what is {question}? $& $1');
  });

  it('has a default template that asks for what the product lists', () => {
    const prompt = fillPromptTemplate(DEFAULT_AI_SETTINGS.userPromptTemplate, 'outboard overheats');
    expect(prompt.startsWith('Marine equipment issue: outboard overheats')).toBe(true);
    for (const part of ['causes', 'troubleshooting', 'Safety', '2-3 questions', 'Further steps', 'professional']) {
      expect(prompt).toContain(part);
    }
  });
});

describe('formatImageAnalysis', () => {
  it("writes one message with the product's headings, recommendations as bullets", () => {
    const text = formatImageAnalysis({
      category: 'Electrical',
      severity: 'High',
      diagnosis: 'Corroded terminal.',
      recommendations: ['Clean it', 'Protect it'],
      estimatedCost: '$20-$60',
      urgency: 'Soon',
    });
    for (const heading of ['Image Analysis Results', 'Category:', 'Severity:', 'Diagnosis:', 'Recommendations:', 'Estimated Cost:', 'Urgency:']) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('- Clean it\n- Protect it');
  });
});
