import type { AiCategory } from '../../../common/ai-rules.js';
import type { EquipmentDetails } from '../equipment-details.js';

// When a problem shows itself says the most, and the moments that matter differ by system.
const WHEN: Record<AiCategory, string> = {
  engine: 'When does it happen: at start-up, at idle, under load, or after it sat for a while, and in salt or fresh water?',
  maintenance: 'Is the boat kept in the water or on a trailer, in salt or fresh water, and how long does it sit between uses?',
  electrical: 'When does it happen: with the engine running, on shore power, or after the boat sits for a few days?',
  electronics: 'When does it happen: at power-up, underway, or when something else (engine start, VHF, pumps) switches on?',
  plumbing: 'When does it happen: at the dock, underway, or after rain or a washdown?',
  hull: 'Is the boat kept in the water or on a trailer, and in salt or fresh water?',
  rigging: 'Does it happen under load while sailing, at the dock, or both?',
  trailer: 'Does it happen on every tow or only after launching, and do you launch in salt or fresh water?',
  safety: 'Where do you take the boat: inland lakes and rivers, coastal waters, or offshore?',
  general: 'When does it happen, and in salt or fresh water?',
};

// For these the boat itself matters more than a maker's name.
const ABOUT_THE_BOAT = new Set<AiCategory>(['hull', 'rigging', 'trailer', 'safety']);
// An age tells little about safety gear (each item has its own date) or a trailer's wiring.
const AGE_UNTOLD = new Set<AiCategory>(['safety', 'trailer']);

/** The 2-3 questions worth asking back: only about what the owner has not told us yet, and fitting the system. */
export function questionsToAsk(details: EquipmentDetails, category: AiCategory): string[] {
  const isEngine = category === 'engine' || category === 'maintenance';
  const questions: string[] = [];
  if (ABOUT_THE_BOAT.has(category)) {
    if (!details.boat) questions.push('What kind of boat is it: length, type, and power or sail?');
  } else if (!details.make || !details.model) {
    questions.push(
      isEngine
        ? 'What make and model is the engine (for example Yamaha F150 or Mercury 90 FourStroke)?'
        : 'What make and model is the equipment involved?',
    );
  }
  if (!details.year && !AGE_UNTOLD.has(category)) questions.push('What year is it?');
  if (isEngine && details.hours === undefined) questions.push('About how many engine hours does it have?');
  if (!details.conditions) questions.push(WHEN[category]);
  return questions.slice(0, 3);
}
