import type { KbArticle } from '../knowledge-base/article.js';
import { driveOfMaker, makeNamedIn, type EquipmentDetails } from '../equipment-details.js';
import { BRAND_REFERENCES } from './brand-references.js';

export interface Citation {
  title: string;
  url: string;
}

/** Numbers references in the order they are first cited; the same page keeps its number. */
export class Citations {
  readonly list: Citation[] = [];
  cite(reference: Citation): string {
    let index = this.list.findIndex((r) => r.url === reference.url);
    if (index === -1) index = this.list.push(reference) - 1;
    return `[${index + 1}]`;
  }
}

/** The reference is for the owner's equipment, or for no one maker in particular. */
function fitsOwner(reference: Citation, details: EquipmentDetails): boolean {
  const maker = makeNamedIn(`${reference.title} ${reference.url}`);
  if (!maker) return true;
  // A Mercury owner gets no Yamaha manual.
  if (details.make) return maker === details.make || BRAND_REFERENCES[maker]?.url === BRAND_REFERENCES[details.make]?.url;
  // With no make known, an outboard owner still gets no diesel maker's pages, and the other way round.
  const drive = driveOfMaker(maker);
  return !details.drive || !drive || drive === details.drive;
}

/** An article's references for this owner, other makers' pages left out; none when none fits. */
export function referencesFor(article: KbArticle, details: EquipmentDetails): Citation[] {
  return article.references.filter((reference) => fitsOwner(reference, details));
}

/** The page of the owner's maker, when we know one. */
export function makerReference(details: EquipmentDetails): Citation | undefined {
  return details.make ? BRAND_REFERENCES[details.make] : undefined;
}
