import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { architectureReport } from './architecture-report.js';

// The rules of docs/ARCHITECTURE.md#features-and-their-doors, checked on the whole tree (the lint rules
// check each import; this checks the totals, and the booking-access rule and the document's length).
describe('the architecture', () => {
  const report = architectureReport(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

  it('reaches another feature only through its door', () => {
    expect(report.doorBypasses).toEqual([]);
  });

  it('has no import cycle between modules or between folders', () => {
    expect(report.moduleCycles).toEqual([]);
    expect(report.folderCycles).toEqual([]);
  });

  it('decides who may see a booking in one module', () => {
    expect(report.bookingAccessCopies).toEqual([]);
  });

  it('keeps docs/ARCHITECTURE.md short enough to read', () => {
    expect(report.architectureWords).toBeLessThanOrEqual(2500);
  });
});
