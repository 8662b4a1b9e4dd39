/**
 * An onsite visit's place against the expert's travel area (docs/PRODUCT.md#booking-rules): the visit's ZIP
 * code is the one written in its address, else the ZIP code of the boat it is for; the distance is
 * straight-line miles between ZIP centroids, so the server, the form and the directory agree.
 */

/** The last five-digit ZIP code (ZIP+4 read as its five digits) in an address, as US addresses end with it. */
export function zipInAddress(address: string): string | null {
  const matches = [...address.matchAll(/(?<![\d-])(\d{5})(?:-\d{4})?(?!\d)/g)];
  return matches.at(-1)?.[1] ?? null;
}

/** Where an onsite visit is, as a ZIP code: its address's, else its boat's home ZIP; null when neither says. */
export function visitZip(boatAddress: string | null | undefined, boatHomeZip: string | null | undefined): string | null {
  return (boatAddress ? zipInAddress(boatAddress) : null) ?? boatHomeZip ?? null;
}

/** A US ZIP code as people type it ('02108', '02108-1234'): its five digits, or null. */
export function zip5(value: string | null | undefined): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(value ?? '');
  return match ? match[1]! : null;
}

/** '12 mi away'; under a mile reads '< 1 mi away'. */
export function distanceLabel(miles: number): string {
  return miles < 1 ? '< 1 mi away' : `${Math.round(miles).toLocaleString('en-US')} mi away`;
}

/** Miles as the listing and the hand-off send them: to a tenth; null when unknown. */
export function distanceMiles(miles: number | null): number | null {
  return miles === null ? null : Math.round(miles * 10) / 10;
}

/** Whether an expert who travels up to `radiusMiles` takes a visit `miles` away (the edge included). */
export function withinTravelArea(miles: number, radiusMiles: number): boolean {
  return Math.round(miles) <= radiusMiles;
}

/** Why an onsite booking beyond the expert's travel area is refused. */
export function outsideTravelAreaMessage(expertName: string, radiusMiles: number, miles: number, place: 'marina' | 'address'): string {
  return `${expertName} travels up to ${radiusMiles} miles; this ${place} is ${Math.round(miles)} miles away`;
}

/** Whether a refusal is `outsideTravelAreaMessage`'s for this expert: the form then offers what works from afar. */
export function isOutsideTravelArea(message: string | undefined, expertName: string): boolean {
  return !!message && message.startsWith(`${expertName} travels up to `) && / miles away$/.test(message);
}
