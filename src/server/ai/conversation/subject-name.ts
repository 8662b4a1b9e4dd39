/**
 * The owner's own name for what a conversation is about ('your outboard', 'your bilge pump'), so a return
 * to it can say 'Back to your outboard:'. Longer names come first so 'bilge pump' wins over 'pump'.
 */
const SUBJECTS: [RegExp, string][] = [
  [/\bbilge pumps?\b/i, 'bilge pump'],
  [/\bfloat switch\b/i, 'bilge pump'],
  [/\btrailer (?:lights?|lamps?|wiring)\b|\b(?:tail|brake) ?lights?\b|\bturn signals?\b/i, 'trailer lights'],
  [/\btrailer (?:brakes?)\b|\bsurge brakes?\b/i, 'trailer brakes'],
  [/\btrailer (?:tires?|tyres?)\b/i, 'trailer tires'],
  [/\b(?:wheel )?bearings?\b|\b(?:trailer )?hubs?\b/i, 'trailer bearings'],
  [/\btrailer bunks?\b|\bbunks?\b|\brollers?\b/i, 'trailer'],
  [/\bnav(?:igation)? lights?\b|\brunning lights?\b|\banchor light\b/i, 'navigation lights'],
  [/\bshore ?power\b|\bgfci\b|\belci\b|\bpedestal\b/i, 'shore power'],
  [/\binverter\b|\bbattery charger\b|\bcharger\b/i, 'charger'],
  [/\balternator\b|\bcharging\b/i, 'charging system'],
  [/\bbattery switch\b/i, 'battery switch'],
  [/\bbatter(?:y|ies)\b|\bhouse bank\b/i, 'battery'],
  [/\bfuses?\b|\bbreakers?\b/i, 'breakers'],
  [/\b(?:chart ?plotter|plotter|mfd|gps)\b/i, 'chartplotter'],
  [/\bvhf\b|\bradio\b/i, 'VHF radio'],
  [/\bfish ?finder\b|\bdepth ?finder\b|\bsounder\b|\btransducer\b|\bsonar\b/i, 'fishfinder'],
  [/\bautopilot\b|\bauto ?pilot\b/i, 'autopilot'],
  [/\bradar\b/i, 'radar'],
  [/\bais\b/i, 'AIS'],
  [/\bcompass\b/i, 'compass'],
  [/\bnmea ?2000\b|\bn2k\b|\bbackbone\b/i, 'NMEA 2000 network'],
  [/\bholding tank\b/i, 'holding tank'],
  [/\b(?:marine )?head\b|\btoilet\b/i, 'head'],
  [/\bwater heater\b|\bhot water\b/i, 'water heater'],
  [/\bshower sump\b|\bsump\b/i, 'shower sump'],
  [/\bfresh ?water (?:pump|system)\b|\bpressure pump\b|\bwater pump\b(?=.*\b(?:tap|faucet|sink|cycl))/i, 'freshwater pump'],
  [/\bseacocks?\b|\bthrough[- ]hulls?\b/i, 'seacock'],
  [/\bhoses?\b|\bhose clamps?\b/i, 'hoses'],
  [/\bgel ?coat\b|\bfinish\b|\bshine\b/i, 'gelcoat'],
  [/\bblisters?\b|\bosmosis\b/i, 'hull bottom'],
  [/\bbottom paint\b|\bantifouling\b/i, 'bottom paint'],
  [/\btransom\b/i, 'transom'],
  [/\bdeck\b/i, 'deck'],
  [/\bhull\b/i, 'hull'],
  [/\b(?:roller )?furl(?:er|ing)\b/i, 'furler'],
  [/\bshrouds?\b|\bstays?\b|\brigging\b|\bswages?\b|\bturnbuckles?\b/i, 'rigging'],
  [/\bchainplates?\b/i, 'chainplates'],
  [/\bhalyards?\b|\bwinch(?:es)?\b/i, 'winches'],
  [/\bmast\b|\bcompression post\b/i, 'mast'],
  [/\bmainsail\b|\bmain sail\b/i, 'mainsail'],
  [/\bsails?\b/i, 'sails'],
  [/\blife ?jackets?\b|\blife ?vests?\b|\bpfds?\b/i, 'life jackets'],
  [/\bfire extinguishers?\b|\bextinguishers?\b/i, 'fire extinguishers'],
  [/\bepirb\b|\bplb\b/i, 'EPIRB'],
  [/\bcarbon monoxide\b|\bco (?:alarm|detector)\b|\bexhaust (?:smell|fumes?) in\b/i, 'CO safety'],
  [/\bsafety (?:gear|equipment)\b|\bflares?\b/i, 'safety gear'],
  [/\b(?:fuel|gas(?:oline)?) (?:smell|fumes?|odou?r)\b|\bsmell (?:of )?(?:gas|fuel)\b/i, 'fuel smell'],
  [/\bprimer bulb\b/i, 'primer bulb'],
  [/\bimpeller\b/i, 'impeller'],
  [/\bthermostat\b/i, 'thermostat'],
  [/\bspark ?plugs?\b/i, 'spark plugs'],
  [/\bcarb(?:uret(?:or|tor))?s?\b/i, 'carburetor'],
  [/\bstarter\b/i, 'starter'],
  [/\b(?:props?|propeller)\b/i, 'prop'],
  [/\btrim\b|\btilt\b/i, 'trim'],
  [/\blower unit\b|\bgear ?case\b|\bgear oil\b/i, 'lower unit'],
  [/\bsterndrive\b|\bstern drive\b|\boutdrive\b|\bmercruiser\b/i, 'sterndrive'],
  [/\boutboards?\b/i, 'outboard'],
  [/\bdiesel\b/i, 'diesel'],
  [/\binboard\b/i, 'inboard'],
  [/\b(?:yamaha|mercury|merc|suzuki|honda|evinrude|johnson|tohatsu)\b/i, 'outboard'],
  [/\bengines?\b|\bmotors?\b/i, 'engine'],
  [/\bfuel\b|\bgas\b/i, 'fuel'],
  [/\btrailer\b/i, 'trailer'],
  [/\bwinteriz\w*|\bwinterris\w*|\blay ?up\b/i, 'winterizing'],
  [/\bpump\b/i, 'pump'],
];

/**
 * The subject named earliest in the owner's words: 'My outboard cranks but ...' is about the outboard. Of
 * two names starting at one word the longer wins: 'roller furler' is not a trailer's roller.
 */
export function subjectName(texts: string[], fallback: string): string {
  for (const text of texts) {
    let best: { at: number; length: number; name: string } | undefined;
    for (const [pattern, name] of SUBJECTS) {
      const found = pattern.exec(text);
      if (!found) continue;
      const at = found.index;
      const length = found[0].length;
      if (!best || at < best.at || (at === best.at && length > best.length)) best = { at, length, name };
    }
    if (best) return best.name;
  }
  return fallback;
}
