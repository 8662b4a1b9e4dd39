// Multi-turn evaluation conversations for the repair assistant, written blind to the engine and its knowledge base.
import type { AiCategory } from '../src/common/ai-rules.js';

export interface EvalTurn {
  /** What the owner types, casual, as a boat owner would (typos sometimes, brand/model/year sometimes). */
  question: string;
}

export interface EvalConversation {
  /** 'new-topic': the last turn changes the subject; 'follow-up': the last turn adds detail to, or asks more about, the earlier subject; 'return': the last turn goes back to the subject of an earlier turn after a change. */
  kind: 'new-topic' | 'follow-up' | 'return';
  turns: EvalTurn[]; // 2 or 3 turns; only the LAST answer is judged
  /** The category the last answer belongs to (for 'follow-up' and 'return', the category of the subject continued). */
  category: Exclude<AiCategory, 'general'>;
  /** Concepts the last answer must contain: each a list of lower-case alternatives (any one, as a case-insensitive substring, counts). */
  concepts: string[][];
  /** Lower-case words or short phrases from the EARLIER, different topic that must NOT appear in the last answer (for 'new-topic'; for 'follow-up', other subjects' equipment; may be empty). Choose words that a good answer to the last question would never contain, e.g. 'impeller' when moving from an overheating outboard to a VHF radio; avoid generic words like 'check', 'boat', 'water', 'battery' unless truly foreign to the new topic. */
  forbidden: string[];
  /** For 'follow-up': words the last answer should contain because of the added detail (e.g. the brand 'mercury' when the owner said it's a Mercury 90), optional. */
  mustUseDetail?: string[];
}

export const evalConversations: EvalConversation[] = [
  // ======================================================================== new-topic (18)
  {
    kind: 'new-topic',
    turns: [
      { question: 'outboard overheat alarm going off and barely any water coming out the pee hole' },
      { question: 'different question, my vhf turns on fine but nobody ever answers when i call, radio checks get nothing' },
    ],
    category: 'electronics',
    concepts: [
      ['antenna'],
      ['coax', 'connector', 'cable', 'pl-259'],
      ['power', 'voltage', 'fuse', 'high/low', '25 w', '25w', 'transmit'],
    ],
    forbidden: ['impeller', 'thermostat', 'telltale', 'tell-tale', 'overheat'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'bilge pump keeps cycling on every 20 min or so while the boat sits at the dock' },
      {
        question:
          'ok unrelated. towed the boat 200 miles yesterday and one trailer hub was smoking hot when we stopped for gas, the other was just warm',
      },
    ],
    category: 'trailer',
    concepts: [
      ['bearing'],
      ['grease', 'repack'],
      ['seal', 'brake', 'preload', 'too tight', 'adjust'],
    ],
    forbidden: ['bilge pump', 'float switch', 'check valve', 'stuffing box', 'packing gland'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'my batteries are dead every time i come back to the boat, even after just a few days' },
      { question: 'also the hull is looking really dull and chalky, white rubs off on my hand. how do i get the shine back' },
    ],
    category: 'hull',
    concepts: [
      ['oxidation', 'oxidized', 'oxidised'],
      ['compound', 'polish'],
      ['wax', 'sealant'],
    ],
    forbidden: ['parasitic', 'multimeter', 'alternator', 'amp draw'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'main halyard keeps jamming at the top of the mast, hard to get the sail down' },
      {
        question:
          'switching gears - my 2014 suzuki df70 sat all winter with gas in the tank and now it cranks and cranks but wont fire',
      },
    ],
    category: 'engine',
    concepts: [
      ['fuel', 'gas'],
      ['spark', 'ignition'],
      ['stale', 'old fuel', 'old gas', 'ethanol', 'varnish', 'fuel filter', 'water separator'],
    ],
    forbidden: ['halyard', 'sheave', 'mainsail'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'is shrink wrap worth the money vs a good tarp for winter storage' },
      { question: 'totally different thing, the head on our sailboat stinks constantly, even with the holding tank just pumped out' },
    ],
    category: 'plumbing',
    concepts: [
      ['hose', 'permeat'],
      ['vent', 'filter'],
      ['raw water', 'intake', 'sea water', 'seawater', 'flush'],
    ],
    forbidden: ['shrink wrap', 'shrink-wrap', 'tarp', 'fogging'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'left side trailer lights dont work, right side is fine' },
      { question: 'also my chartplotter keeps saying no gps fix even out on open water. its a simrad' },
    ],
    category: 'electronics',
    concepts: [
      ['antenna', 'satellite'],
      ['restart', 'reboot', 'power cycle', 'reset', 'turn it off'],
      ['update', 'firmware', 'software', 'setting', 'source'],
    ],
    forbidden: ['trailer', 'taillight', 'tail light', 'tow vehicle', 'hitch'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'lowrance fishfinder loses bottom reading as soon as i get over 25 mph' },
      { question: 'ok ill try moving the transducer back a few inches' },
      {
        question:
          'btw when we hauled out i saw a bunch of small blisters on the bottom below the waterline, some pea sized. should i be worried??',
      },
    ],
    category: 'hull',
    concepts: [
      ['osmo', 'blister'],
      ['barrier coat', 'epoxy'],
      ['dry', 'moisture'],
    ],
    forbidden: ['transducer', 'sonar', 'fishfinder', 'sensitivity'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'soft spongy spot in the cockpit floor near the helm seat, 2001 boat' },
      {
        question:
          'different issue, the co alarm in the cabin went off twice last weekend while we were anchored with the generator running. is it just a bad alarm?',
      },
    ],
    category: 'safety',
    concepts: [
      ['carbon monoxide'],
      ['exhaust', 'generator'],
      ['fresh air', 'ventilat', 'get out', 'evacuate', 'leave the cabin', 'open hatch', 'open the hatch', 'shut down', 'shut off', 'turn off'],
    ],
    forbidden: ['balsa', 'recore', 'plywood', 'moisture meter', 'delaminat'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'ran my yanmar 2gm20 out of fuel, filled it up and now it wont start' },
      {
        question:
          'ok got that sorted thanks. other question, how do i know when its time to replace the standing rigging? 1994 catalina 27, pretty sure the wire is original',
      },
    ],
    category: 'rigging',
    concepts: [
      ['year'],
      ['swage', 'terminal', 'fitting', 'chainplate', 'turnbuckle'],
      ['crack', 'broken strand', 'meat hook', 'rust', 'corros'],
      ['rigger', 'survey', 'inspect'],
    ],
    forbidden: ['bleed', 'injector', 'lift pump', 'air lock', 'airlock'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'lower unit oil came out milky on my 150 evinrude' },
      { question: 'unrelated but my anchor light and stern light both stopped working at the same time' },
    ],
    category: 'electrical',
    concepts: [
      ['fuse', 'breaker', 'switch'],
      ['connection', 'wiring', 'wire', 'ground'],
      ['corros'],
    ],
    forbidden: ['lower unit', 'gear oil', 'gear lube', 'gearcase', 'pressure test', 'milky'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'fresh water pump runs every few minutes by itself even with all the taps closed' },
      {
        question:
          'diff question, planning our first trip out to the bahamas from florida in a 28 ft center console. what safety stuff should we have onboard',
      },
    ],
    category: 'safety',
    concepts: [
      ['epirb', 'plb'],
      ['life jacket', 'lifejacket', 'pfd', 'life raft', 'liferaft'],
      ['vhf', 'radio'],
      ['flare', 'visual distress'],
    ],
    forbidden: ['accumulator', 'pressure switch', 'faucet', 'check valve'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'roller furler drum wont turn, cant get the genoa rolled in' },
      {
        question:
          'new topic. first year owning a boat with an inboard, a 2006 mercruiser 4.3. what do i have to do to winterize it myself? boat lives in new york',
      },
    ],
    category: 'maintenance',
    concepts: [
      ['antifreeze', 'anti-freeze', 'drain'],
      ['stabiliz', 'stabil'],
      ['fog'],
      ['oil change', 'change the oil', 'change oil', 'oil and filter', 'oil filter'],
    ],
    forbidden: ['furler', 'genoa', 'jib', 'halyard', 'drum'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'how tight should the winch strap be on the trailer when im towing' },
      { question: 'other thing. my bilge pump wont come on at all, not even in manual. rule 1100' },
    ],
    category: 'plumbing',
    concepts: [
      ['fuse', 'breaker'],
      ['wire', 'wiring', 'connection', 'ground', 'corros'],
      ['float', 'switch'],
      ['voltage', 'multimeter', 'test light', 'meter', 'jumper', 'direct'],
    ],
    forbidden: ['winch strap', 'bow eye', 'transom strap', 'tie-down', 'tie down', 'coupler'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'raymarine autopilot wont hold course, just wanders' },
      { question: 'also theres a bunch of spider cracks in the gelcoat around the stanchion bases. whats causing that?' },
    ],
    category: 'hull',
    concepts: [
      ['stress', 'flex', 'load'],
      ['backing plate', 'backing', 'bedding', 'rebed', 're-bed'],
      ['gelcoat', 'grind', 'fill'],
    ],
    forbidden: ['autopilot', 'compass', 'calibrat', 'rudder reference', 'fluxgate'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: "trim on my yamaha 150 wont go up, motor just hums" },
      { question: 'and another thing, the shore power pedestal breaker trips the second i plug the boat in' },
    ],
    category: 'electrical',
    concepts: [
      ['ground fault', 'gfci', 'gfi', 'elci', 'leakage', 'earth leakage'],
      ['water heater', 'charger', 'appliance', 'breaker'],
      ['cord', 'inlet', 'plug', 'wiring'],
    ],
    forbidden: ['trim', 'tilt', 'manual release', 'reservoir', 'hydraulic'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'do the flares expire? mine say 2019 on them' },
      { question: 'different q, my primary winch makes a clicking noise and sometimes slips backwards under load. lewmar 40' },
    ],
    category: 'rigging',
    concepts: [
      ['pawl'],
      ['spring'],
      ['grease', 'lubric', 'clean', 'service'],
    ],
    forbidden: ['flare', 'expir', 'visual distress', 'coast guard'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'old 2 stroke johnson bogs when i give it throttle' },
      { question: 'prob the carb then. ok' },
      {
        question:
          'other question. the 12v fridge on our sailboat drains the house bank in like a day and a half at anchor. is that normal?',
      },
    ],
    category: 'electrical',
    concepts: [
      ['amp', 'draw', 'consumption'],
      ['ventilat', 'airflow', 'air flow', 'condenser', 'heat'],
      ['insulat', 'gasket', 'seal', 'door', 'lid'],
    ],
    forbidden: ['carburetor', 'spark plug', 'primer bulb', 'bogging'],
  },
  {
    kind: 'new-topic',
    turns: [
      { question: 'my vhf has a weird hissing in the background all the time' },
      { question: 'other thing, how often should i actually be replacing the water pump impeller on my outboard?' },
    ],
    category: 'maintenance',
    concepts: [
      ['year', 'season'],
      ['hour'],
      ['crack', 'stiff', 'vane', 'worn', 'brittle'],
    ],
    forbidden: ['squelch', 'antenna', 'coax', 'vhf'],
  },

  // ======================================================================== follow-up (21)
  {
    kind: 'follow-up',
    turns: [
      { question: 'outboard overheating, the pee stream is real weak and warm' },
      { question: 'its a 2012 mercury 90 4 stroke' },
    ],
    category: 'engine',
    concepts: [
      ['impeller', 'water pump'],
      ['tell-tale', 'telltale', 'pee', 'indicator'],
      ['thermostat', 'water passage', 'water intake', 'intake', 'blocked', 'clog'],
    ],
    forbidden: [],
    mustUseDetail: ['mercury'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'bilge pump keeps running even when the bilge is dry' },
      { question: 'how much to fix that?' },
    ],
    category: 'plumbing',
    concepts: [
      ['float', 'switch'],
      ['$', 'cost', 'price', 'dollar'],
      ['replace', 'new switch', 'new pump', 'new float'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'mercruiser 4.3 overheats when I run it at cruise for more than 15 min, fine at idle' },
      { question: 'already replaced the impeller and the thermostat last month and its still doing it' },
    ],
    category: 'engine',
    concepts: [
      ['exhaust manifold', 'manifold', 'riser', 'elbow', 'heat exchanger'],
      ['strainer', 'intake', 'pickup', 'seacock', 'raw water hose', 'hose'],
      ['circulating pump', 'circulation pump', 'belt', 'coolant', 'restrict', 'block', 'scale'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'boat trailer lights only work on one side' },
      { question: 'cleaned the plug on the truck and the trailer and its still dead on the left. whats next' },
    ],
    category: 'trailer',
    concepts: [
      ['ground'],
      ['test light', 'multimeter', 'meter', 'tester', 'continuity'],
      ['wire', 'wiring', 'harness', 'bulb'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'do i need to flush my outboard after every single trip??' },
      { question: 'yeah its saltwater. boat stays on a lift behind the house' },
    ],
    category: 'maintenance',
    concepts: [
      ['fresh water', 'freshwater'],
      ['salt', 'corrosion'],
      ['muffs', 'flush port', 'flushing port', 'hose', 'earmuff'],
    ],
    forbidden: [],
    mustUseDetail: ['salt'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'nobody can hear me on my vhf but i can hear them fine' },
      { question: 'its a standard horizon gx1400, antenna is up on the t top, about 10 yrs old' },
    ],
    category: 'electronics',
    concepts: [
      ['antenna'],
      ['coax', 'connector', 'cable', 'pl-259'],
      ['swr', 'radio check', 'test', 'corros', 'water'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'got spider cracks in the gelcoat on the bow, how do you fix those' },
      { question: 'is this something i can diy or what would a shop charge' },
    ],
    category: 'hull',
    concepts: [
      ['grind', 'v-groove', 'dremel', 'open up', 'fill'],
      ['gelcoat'],
      ['$', 'cost', 'price', 'hour'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'start battery dead every weekend' },
      { question: 'i already turn the battery switch off when i leave and it still goes dead' },
    ],
    category: 'electrical',
    concepts: [
      ['load test', 'hydrometer', 'bad battery', 'old battery', 'battery age', 'how old', 'sulfat', 'replace the battery', 'weak battery', 'bad cell', 'internal'],
      ['bilge', 'bypass', 'direct', 'always-on', 'always on', 'before the switch', 'hot wire', 'parasitic', 'draw'],
      ['charg'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'how do you winterize an inboard/outboard' },
      { question: '2008 volvo penta 5.0 gxi with the duoprop, boat is stored outside in michigan' },
    ],
    category: 'maintenance',
    concepts: [
      ['antifreeze', 'anti-freeze', 'drain'],
      ['stabiliz', 'stabil'],
      ['oil change', 'change the oil', 'change oil', 'oil and filter', 'oil filter'],
      ['outdrive', 'drive', 'gear lube', 'gear oil'],
    ],
    forbidden: [],
    mustUseDetail: ['volvo'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'water pump on the boat keeps kicking on for a few seconds every couple minutes, nothing is open' },
      { question: 'i looked under all the sinks and at the shower, no leaks anywhere. what else could it be' },
    ],
    category: 'plumbing',
    concepts: [
      ['check valve', 'pressure switch', 'pump'],
      ['accumulator', 'pressure tank', 'air'],
      ['water heater', 'relief', 'fitting', 'bilge', 'hose', 'tank'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'i see rust stains coming out of a couple of the swage fittings at the bottom of my shrouds' },
      { question: 'yes the rig is original, boat is a 1995' },
    ],
    category: 'rigging',
    concepts: [
      ['replace', 'replacing', 'replacement'],
      ['year', 'original', 'decade'],
      ['crack', 'swage', 'fitting', 'terminal'],
    ],
    forbidden: [],
    mustUseDetail: ['replace'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'trailer hub got super hot on the highway' },
      { question: 'how much would a shop charge to do the bearings vs me doing it' },
    ],
    category: 'trailer',
    concepts: [
      ['bearing'],
      ['grease', 'repack'],
      ['$', 'cost', 'price', 'dollar'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'we keep smelling exhaust in the cabin, is that a big deal' },
      {
        question:
          'its a 2003 sea ray sundancer 280 with a kohler generator. smell is worst at anchor with the gen running and the canvas up',
      },
    ],
    category: 'safety',
    concepts: [
      ['carbon monoxide'],
      ['generator', 'exhaust'],
      ['detector', 'alarm'],
      ['ventilat', 'fresh air', 'canvas', 'station wagon', 'hatch'],
    ],
    forbidden: [],
    mustUseDetail: ['generator'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'my roller furler wont furl all the way, jib stays half out' },
      { question: 'no the drum spins fine, its like the top isnt turning with it' },
    ],
    category: 'rigging',
    concepts: [
      ['halyard wrap', 'wrap'],
      ['swivel'],
      ['halyard', 'lead', 'angle', 'restrainer', 'deflector', 'tension'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'garmin plotter says no gps, boat icon stuck at the ramp' },
      { question: 'already restarted it and updated the software. still nothing' },
    ],
    category: 'electronics',
    concepts: [
      ['antenna'],
      ['cable', 'connector', 'connection', 'wiring', 'power'],
      ['source', 'setting', 'nmea', 'network', 'menu', 'factory reset', 'reset', 'dealer', 'support'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'found blisters all over the bottom when we hauled out' },
      {
        question:
          'its a 1987 hunter 33. theyre all below the waterline and when i popped one some liquid came out that smelled like vinegar',
      },
    ],
    category: 'hull',
    concepts: [
      ['osmo', 'hydrolysis'],
      ['barrier coat', 'epoxy'],
      ['dry', 'moisture'],
      ['survey', 'moisture meter', 'peel', 'grind'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'my voltmeter reads 12.2 while the engine is running, is the alternator dead?' },
      { question: 'belt is tight and in good shape. could it be the regulator? how much is a new alternator' },
    ],
    category: 'electrical',
    concepts: [
      ['regulator'],
      ['$', 'cost', 'price'],
      ['connection', 'wiring', 'terminal', 'wire', 'field', 'excit', 'sense'],
    ],
    forbidden: [],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'how often should i be changing the zincs on my outboard' },
      { question: 'they still look almost new after a full year. boat is in brackish water, is that good?' },
    ],
    category: 'maintenance',
    concepts: [
      ['aluminum', 'aluminium', 'magnesium', 'alloy'],
      ['passivat', 'coating', 'oxide', 'paint', 'not working', 'inactive', 'film'],
      ['continuity', 'ground', 'bond', 'contact', 'connection'],
    ],
    forbidden: [],
    mustUseDetail: ['brackish'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'little diesel puffs white smoke for the first minute or two on cold mornings' },
      { question: 'its a yanmar 3ym30 with about 1400 hrs' },
      { question: 'if its the glow plugs how much am i looking at' },
    ],
    category: 'engine',
    concepts: [
      ['glow plug', 'glowplug'],
      ['$', 'cost', 'price'],
      ['test', 'ohm', 'resistance', 'meter', 'replace'],
    ],
    forbidden: [],
    mustUseDetail: ['yanmar'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'what safety gear is legally required on my boat' },
      { question: '21 ft bowrider on lake erie, usually 6 of us onboard' },
    ],
    category: 'safety',
    concepts: [
      ['life jacket', 'lifejacket', 'pfd'],
      ['throwable', 'type iv', 'ring buoy', 'cushion'],
      ['fire extinguisher', 'extinguisher'],
      ['flare', 'visual distress'],
    ],
    forbidden: [],
    mustUseDetail: ['throwable'],
  },
  {
    kind: 'follow-up',
    turns: [
      { question: 'cabin ac is blowing warm air and theres no water coming out of the overboard discharge' },
      { question: 'cleaned the strainer already, its clear. its a dometic unit on a 34ft sportfish' },
    ],
    // the raw-water cooling circuit of the air conditioner
    category: 'plumbing',
    concepts: [
      ['raw water pump', 'seawater pump', 'sea water pump', 'pump'],
      ['airlock', 'air lock', 'prime', 'air in', 'air bound'],
      ['seacock', 'thru-hull', 'through-hull', 'intake', 'hose', 'growth', 'barnacle'],
    ],
    forbidden: [],
  },

  // ============================================ follow-up: a question that names no equipment (12)
  // Cost, time, 'is it safe to keep using it', 'can I do it myself': asked about 'it', the answer stays on
  // the subject. The forbidden words are other subjects' equipment.
  {
    kind: 'follow-up',
    turns: [{ question: 'The gelcoat on my deck has spider cracks' }, { question: 'How much would it cost to fix, roughly?' }],
    category: 'hull',
    concepts: [['gelcoat'], ['$'], ['crack']],
    forbidden: ['chartplotter', 'gps', 'impeller', 'bilge pump'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'outboard is overheating and the pee stream is barely a dribble' }, { question: 'How long does that take?' }],
    category: 'engine',
    concepts: [['impeller', 'water pump'], ['tell-tale', 'telltale', 'pee', 'stream'], ['thermostat', 'intake', 'clog', 'blocked']],
    forbidden: ['chartplotter', 'gelcoat', 'bilge pump'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'mercruiser 5.0 runs hot at cruise, temp gauge creeps up past 190' }, { question: 'Is it safe to keep using it?' }],
    category: 'engine',
    concepts: [['overheat', 'temperature', 'temp', 'hot'], ['impeller', 'raw water', 'thermostat', 'strainer'], ['shut', 'stop', 'idle', 'damage']],
    forbidden: ['chartplotter', 'gelcoat', 'trailer'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'bilge pump keeps kicking on every few minutes but the bilge is basically dry' }, { question: 'Can I do it myself?' }],
    category: 'plumbing',
    concepts: [['float', 'switch'], ['bilge'], ['professional', 'pro', 'technician', 'expert']],
    forbidden: ['chartplotter', 'gelcoat', 'thermostat', 'trailer'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'my bilge pump wont come on at all, even on manual' }, { question: 'is it safe to keep using the boat like that?' }],
    category: 'plumbing',
    concepts: [['bilge'], ['fuse', 'breaker', 'wiring', 'wire', 'switch', 'battery'], ['water', 'sink', 'flood', 'leak']],
    forbidden: ['chartplotter', 'gelcoat', 'thermostat'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'house batteries are flat every time i get back to the boat after a week' }, { question: 'how much would it cost to sort out, ballpark' }],
    category: 'electrical',
    concepts: [['battery', 'batteries'], ['$'], ['draw', 'drain', 'parasitic', 'charg']],
    forbidden: ['chartplotter', 'gelcoat', 'impeller', 'trailer'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'starting battery barely cranks the engine anymore and the terminals have white crust on them' }, { question: 'can i do that myself or should i get an electrician' }],
    category: 'electrical',
    concepts: [['terminal', 'corros'], ['clean', 'baking soda', 'wire brush'], ['professional', 'pro', 'technician', 'electrician', 'expert']],
    forbidden: ['chartplotter', 'gelcoat', 'impeller', 'trailer'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: "the head won't flush, handle is really stiff and nothing goes down" }, { question: 'How much would it cost to fix, roughly?' }],
    category: 'plumbing',
    concepts: [['head', 'toilet'], ['$'], ['joker valve', 'clog', 'blockage', 'hose', 'scale']],
    forbidden: ['chartplotter', 'gps', 'gelcoat', 'impeller'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'one of the trailer hubs was smoking hot after a long tow on the interstate' }, { question: 'Is it safe to keep using it?' }],
    category: 'trailer',
    concepts: [['bearing'], ['grease', 'repack'], ['seize', 'seized', 'wheel', 'fire', 'spindle']],
    forbidden: ['chartplotter', 'gelcoat', 'impeller', 'bilge pump'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'trailer lights quit working on the left side, right side is fine' }, { question: 'How long does that take?' }],
    category: 'trailer',
    concepts: [['ground'], ['bulb', 'wire', 'wiring', 'harness', 'plug'], ['test light', 'multimeter', 'meter', 'tester']],
    forbidden: ['chartplotter', 'gelcoat', 'impeller', 'bilge pump'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'shore power keeps tripping the gfci on the dock pedestal as soon as i plug in' }, { question: 'is it dangerous to keep using it?' }],
    category: 'electrical',
    concepts: [['gfci', 'elci', 'ground fault'], ['shock', 'electric', 'drown', 'leak'], ['water heater', 'charger', 'appliance', 'circuit', 'breaker']],
    forbidden: ['chartplotter', 'gelcoat', 'impeller', 'trailer'],
  },
  {
    kind: 'follow-up',
    turns: [{ question: 'nobody answers my radio checks on the vhf, i can hear everyone fine' }, { question: 'can i do it myself?' }],
    category: 'electronics',
    concepts: [['antenna'], ['coax', 'connector', 'cable', 'pl-259'], ['professional', 'pro', 'technician', 'expert']],
    forbidden: ['gelcoat', 'impeller', 'bilge pump', 'trailer'],
  },

  // ======================================================================== return (7)
  {
    kind: 'return',
    turns: [
      { question: 'my outboard is spitting a real weak stream out of the telltale' },
      { question: 'quick q, what channel should i use to call the marina on the vhf' },
      { question: 'back to the outboard, i put a new impeller in and the stream is still weak' },
    ],
    category: 'engine',
    concepts: [
      ['tell-tale', 'telltale', 'pee', 'indicator'],
      ['clog', 'block', 'debris', 'wire', 'poke', 'pick'],
      ['thermostat', 'water passage', 'intake', 'housing', 'scale', 'salt'],
    ],
    forbidden: ['channel 16', 'channel 9', 'hailing'],
  },
  {
    kind: 'return',
    turns: [
      { question: 'how often should i repack my trailer bearings' },
      { question: 'also any tips on getting shrink wrap tight without tearing it' },
      { question: 'going back to the trailer, what kind of grease do i use for the bearings' },
    ],
    category: 'trailer',
    concepts: [
      ['marine grease', 'wheel bearing grease', 'water resistant', 'water-resistant', 'marine-grade', 'marine grade'],
      ['bearing'],
      ['repack', 'pack', 'bearing buddy', 'bearing protector', 'seal'],
    ],
    forbidden: ['shrink wrap', 'heat gun', 'heat-gun', 'strapping'],
  },
  {
    kind: 'return',
    turns: [
      { question: 'the head on my boat smells even after a pumpout' },
      { question: 'separate thing, whats the difference between the 1, 2 and both positions on the battery switch' },
      { question: 'ok back to the head smell. i already replaced all the sanitation hoses last year' },
    ],
    category: 'plumbing',
    concepts: [
      ['vent', 'filter'],
      ['raw water', 'intake', 'sea water', 'seawater', 'flush', 'stagnant'],
      ['tank', 'joker valve', 'seal', 'fitting', 'clamp', 'enzyme', 'treatment'],
    ],
    forbidden: ['battery switch', 'house bank', 'start battery', 'combine'],
  },
  {
    kind: 'return',
    turns: [
      { question: 'gelcoat is super oxidized and chalky, 2005 bayliner' },
      { question: 'other thing real quick, my plotter keeps losing gps signal' },
      { question: 'back to the hull - after i compound it, what should i put on to protect it' },
    ],
    category: 'hull',
    concepts: [
      ['wax', 'sealant', 'polymer', 'ceramic'],
      ['uv', 'sun'],
      ['buff', 'apply', 'coat', 'reapply', 're-apply'],
    ],
    forbidden: ['gps', 'satellite', 'plotter'],
  },
  {
    kind: 'return',
    turns: [
      { question: 'dock pedestal breaker trips when i plug in the shore power cord' },
      { question: 'different question, should i get sail slides lubed or is that a waste of time' },
      { question: 'back to the shore power thing, it only trips when the water heater is switched on' },
    ],
    category: 'electrical',
    concepts: [
      ['element'],
      ['ground fault', 'leak', 'gfci', 'gfi', 'elci', 'short'],
      ['replace', 'test', 'ohm', 'multimeter', 'meter', 'megger', 'insulation'],
    ],
    forbidden: ['sail slide', 'luff', 'mclube', 'halyard'],
  },
  {
    kind: 'return',
    turns: [
      { question: 'think its time to replace the standing rigging on my 30 ft sloop' },
      { question: 'also my float switch on the bilge pump is sticking, can i just replace the switch' },
      { question: 'back to the rigging, can i do it myself or do i need a rigger' },
    ],
    category: 'rigging',
    concepts: [
      ['sta-lok', 'stalok', 'hi-mod', 'norseman', 'mechanical', 'swageless', 'compression fitting', 'swage'],
      ['measure', 'length'],
      ['rigger', 'professional', 'pro '],
    ],
    forbidden: ['float switch', 'bilge'],
  },
  {
    kind: 'return',
    turns: [
      { question: 'autopilot on my sailboat wanders 10-15 degrees either side of the course, raymarine ev-100' },
      { question: 'unrelated, how much tongue weight should my boat trailer have' },
      { question: 'back to the autopilot, i already did the compass calibration and its still wandering' },
    ],
    category: 'electronics',
    concepts: [
      ['gain', 'response', 'rudder', 'setting', 'sea state', 'performance'],
      ['interference', 'magnetic', 'metal', 'speaker', 'cable', 'location'],
      ['drive', 'linkage', 'play', 'slop', 'backlash', 'tiller', 'wheel', 'balance', 'weather helm', 'sail trim'],
    ],
    forbidden: ['tongue weight', 'hitch', 'axle'],
  },
];
