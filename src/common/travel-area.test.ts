import { describe, expect, it } from 'vitest';
import { isOutsideTravelArea, outsideTravelAreaMessage, visitZip, withinTravelArea, zipInAddress } from './travel-area.js';

describe('travel area', () => {
  it('reads the last five-digit ZIP code of an address, ZIP+4 as its five digits', () => {
    expect(zipInAddress('80 Compromise St, Annapolis, MD 21401')).toBe('21401');
    expect(zipInAddress('80 Compromise St, Annapolis, MD 21401-1234')).toBe('21401');
    expect(zipInAddress('12345 Harbor Rd, Destin, FL 32541')).toBe('32541');
    expect(zipInAddress('1 Marina Way, Slip 123456')).toBeNull();
    expect(zipInAddress('Pier 4, Slip C-14')).toBeNull();
  });

  it("falls back to the boat's home ZIP code", () => {
    expect(visitZip('1 Marina Way', '21401')).toBe('21401');
    expect(visitZip('Destin, FL 32541', '21401')).toBe('32541');
    expect(visitZip(null, null)).toBeNull();
  });

  it('counts the edge in, by the miles the message states', () => {
    expect(withinTravelArea(50.4, 50)).toBe(true);
    expect(withinTravelArea(50.6, 50)).toBe(false);
    expect(outsideTravelAreaMessage('Travis Boudreaux', 50, 819.6, 'marina')).toBe('Travis Boudreaux travels up to 50 miles; this marina is 820 miles away');
  });

  it("knows its own refusal for the expert, and no other message", () => {
    expect(isOutsideTravelArea(outsideTravelAreaMessage('Travis Boudreaux', 50, 819.6, 'address'), 'Travis Boudreaux')).toBe(true);
    expect(isOutsideTravelArea(outsideTravelAreaMessage('Travis Boudreaux', 50, 819.6, 'marina'), 'Nils Brekke')).toBe(false);
    expect(isOutsideTravelArea('Please enter the boat address', 'Travis Boudreaux')).toBe(false);
    expect(isOutsideTravelArea(undefined, 'Travis Boudreaux')).toBe(false);
  });
});
