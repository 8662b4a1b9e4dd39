// Evaluation questions for the repair assistant, written as boat owners would type them
// (blind to the knowledge base). Each concept is a list of alternatives; an answer covers
// the concept when any alternative occurs in it as a case-insensitive substring.
import type { AiCategory } from '../src/common/ai-rules.js';

export interface EvalQuestion {
  question: string; // as a boat owner would type it: casual, sometimes vague, typos allowed occasionally, brand/model/year/hours sometimes given, sometimes not
  category: Exclude<AiCategory, 'general'>; // the category a good answer belongs to
  /** Concepts a good answer must mention; each is a list of alternatives (any one counts), lower-case words or short phrases. */
  concepts: string[][];
}

export const evalQuestions: EvalQuestion[] = [
  // ---------------------------------------------------------------- engine (14)
  {
    question: 'outboard wont start',
    category: 'engine',
    concepts: [
      ['fuel', 'gas'],
      ['spark', 'ignition'],
      ['kill switch', 'lanyard', 'kill cord', 'safety clip'],
    ],
  },
  {
    question:
      "2016 Yamaha F150, 900 hours, cranks fine but won't fire after sitting all winter, fuel was left in the tank",
    category: 'engine',
    concepts: [
      ['fuel', 'gas'],
      ['spark plug', 'spark'],
      ['fuel filter', 'water separator'],
      ['stale', 'old fuel', 'old gas', 'ethanol'],
    ],
  },
  {
    question: 'engine beeping and no water coming out the little hole',
    category: 'engine',
    concepts: [
      ['impeller', 'water pump'],
      ['tell-tale', 'telltale', 'pee'],
      ['overheat', 'temperature'],
    ],
  },
  {
    question: 'my merc is bogging down when I hit the throttle',
    category: 'engine',
    concepts: [
      ['fuel filter', 'water separator', 'fuel line', 'primer bulb'],
      ['spark plug', 'plugs', 'ignition'],
      ['carb', 'injector'],
    ],
  },
  {
    question:
      'Mercruiser 5.7 in my 2004 Four Winns runs hot at cruise, temp gauge creeps past 190 after about 20 min. Fine at idle. Already did the impeller last spring',
    category: 'engine',
    concepts: [
      ['thermostat'],
      ['raw water pump', 'impeller', 'water pump'],
      ['heat exchanger', 'exhaust elbow', 'riser', 'manifold'],
      ['strainer', 'intake', 'pickup'],
    ],
  },
  {
    question: 'Volvo Penta D2-40 blowing white smoke on cold start, clears up once its warm. normal??',
    category: 'engine',
    concepts: [
      ['glow plug', 'glowplug', 'preheat'],
      ['injector'],
      ['head gasket', 'coolant', 'water in'],
    ],
  },
  {
    question: 'old johnson 25hp 2 stroke idles real rough and dies, runs fine once you open it up',
    category: 'engine',
    concepts: [
      ['carb'],
      ['jet', 'idle circuit', 'idle mixture', 'idle screw'],
      ['spark plug', 'plug'],
      ['fuel filter', 'fuel line', 'primer bulb', 'old fuel'],
    ],
  },
  {
    question: "trim won't go up. I can hear the motor running but the engine doesn't move",
    category: 'engine',
    concepts: [
      ['fluid', 'oil level', 'reservoir'],
      ['manual release', 'release valve', 'relief valve', 'release screw'],
    ],
  },
  {
    question:
      'changed the lower unit oil on my Yamaha 115 4 stroke and it came out milky looking, like chocolate milk. how bad is that',
    category: 'engine',
    concepts: [
      ['water', 'moisture'],
      ['seal'],
      ['pressure test', 'vacuum test', 'pressure and vacuum', 'leak test'],
    ],
  },
  {
    question:
      'outboard runs fine for 10 min then loses power and rpm drops like its starving for gas. if I squeeze the primer bulb it picks back up for a bit',
    category: 'engine',
    concepts: [
      ['tank vent', 'vent cap', 'vent line', 'vented'],
      ['primer bulb', 'fuel line', 'fuel pump'],
      ['anti-siphon', 'anti siphon', 'fuel filter', 'water separator'],
    ],
  },
  {
    question: 'engine revs up but the boat doesnt go any faster, cant get on plane anymore',
    category: 'engine',
    concepts: [
      ['hub', 'spun'],
      ['propeller', 'prop ', 'props'],
      ['trim', 'ventilat', 'slip'],
    ],
  },
  {
    question: 'ran out of diesel on my yanmar 3gm30, filled it back up and now it wont start',
    category: 'engine',
    concepts: [
      ['bleed', 'purge'],
      ['air in', 'air lock', 'airlock', 'air bubble'],
      ['lift pump', 'primer pump', 'fuel filter', 'injector'],
    ],
  },
  {
    question: 'oil level on my 4 stroke keeps going UP and it smells like gasoline when i pull the dipstick',
    category: 'engine',
    concepts: [
      ['dilution', 'gas in', 'fuel in', 'contaminat'],
      ['oil change', 'change the oil', 'drain'],
      ['injector', 'carb', 'float', 'idling'],
    ],
  },
  {
    question: 'black smoke from the diesel when im pushing it hard, boat feels sluggish too',
    category: 'engine',
    concepts: [
      ['air filter', 'air intake'],
      ['overload', 'propeller', 'fouled', 'bottom growth'],
      ['injector'],
    ],
  },

  // ---------------------------------------------------------------- electrical (7)
  {
    question: 'batteries keep dying overnight',
    category: 'electrical',
    concepts: [
      ['parasitic', 'draw', 'drain'],
      ['multimeter', 'meter'],
      ['battery switch', 'disconnect', 'switch'],
    ],
  },
  {
    question: 'engine cranks real slow then just clicks. battery is only a year old',
    category: 'electrical',
    concepts: [
      ['connection', 'terminal', 'cable'],
      ['corros'],
      ['voltage', 'volt'],
      ['starter', 'solenoid'],
    ],
  },
  {
    question: 'nav lights work up front but stern light doesnt come on',
    category: 'electrical',
    concepts: [
      ['bulb', 'lamp'],
      ['corros'],
      ['connection', 'wiring', 'wire', 'ground'],
    ],
  },
  {
    question:
      'how do i wire a second battery so i can run the trolling motor and stuff without killing my starting battery? 2019 tracker bass boat',
    category: 'electrical',
    concepts: [
      ['isolator', 'combiner', 'charging relay', 'battery switch'],
      ['fuse', 'breaker'],
      ['gauge', 'awg', 'wire size'],
    ],
  },
  {
    question: 'shore power breaker on the dock keeps tripping as soon as i plug the boat in',
    category: 'electrical',
    concepts: [
      ['ground fault', 'gfci', 'gfi', 'elci'],
      ['water heater', 'charger', 'appliance'],
      ['cord', 'inlet', 'plug'],
    ],
  },
  {
    question: 'voltmeter says 12.2 with the engine running, is my alternator dead? twin 4.3s on a 2001 sea ray',
    category: 'electrical',
    concepts: [
      ['belt'],
      ['regulator'],
      ['13.', '14.'],
      ['connection', 'wiring', 'terminal'],
    ],
  },
  {
    question: 'green crusty stuff all over the battery terminals, how do i clean it and stop it coming back',
    category: 'electrical',
    concepts: [
      ['baking soda', 'wire brush'],
      ['dielectric grease', 'grease', 'protectant', 'spray'],
      ['overcharg', 'gassing', 'boil', 'charging voltage'],
    ],
  },

  // ---------------------------------------------------------------- electronics (6)
  {
    question: "VHF can't hear anyone",
    category: 'electronics',
    concepts: [
      ['antenna'],
      ['squelch', 'volume'],
      ['coax', 'connector', 'cable'],
    ],
  },
  {
    question: 'garmin fishfinder shows bottom fine at the dock but once im in 20+ ft or moving it loses the bottom completely',
    category: 'electronics',
    concepts: [
      ['transducer'],
      ['mount', 'angle', 'aerat', 'turbulence'],
      ['sensitivity', 'gain'],
    ],
  },
  {
    question: 'chartplotter keeps saying no gps fix, boat icon just sits at the marina',
    category: 'electronics',
    concepts: [
      ['antenna', 'satellite'],
      ['restart', 'reboot', 'power cycle', 'reset'],
      ['update', 'firmware', 'software'],
    ],
  },
  {
    question: 'raymarine evolution autopilot wanders all over the place, wont hold a course for more than a minute',
    category: 'electronics',
    concepts: [
      ['calibrat'],
      ['compass', 'heading sensor'],
      ['interference', 'magnetic', 'metal'],
    ],
  },
  {
    question:
      'put a new chartplotter on my nmea 2000 network but none of the engine data shows up (rpm, fuel, temp). everything else on the network works',
    category: 'electronics',
    concepts: [
      ['terminator', 'termination', 'resistor'],
      ['backbone', 'drop cable', 't-connector', 'tee connector'],
      ['gateway', 'interface', 'data source', 'compatib'],
    ],
  },
  {
    question: 'my new vhf keeps beeping and says no mmsi when i turn it on. wat is that and do i need it',
    category: 'electronics',
    concepts: [
      ['mmsi'],
      ['register', 'registration', 'boatus', 'fcc'],
      ['dsc', 'distress'],
      ['gps'],
    ],
  },

  // ---------------------------------------------------------------- maintenance (6)
  {
    question: 'how do i winterize my 5.0 mercruiser myself? boat is in ohio, stored outside',
    category: 'maintenance',
    concepts: [
      ['antifreeze', 'anti-freeze'],
      ['stabiliz', 'stabil'],
      ['fog'],
      ['oil change', 'change the oil', 'change oil', 'oil and filter'],
    ],
  },
  {
    question: 'whats involved in the 100 hour service on a yamaha f115',
    category: 'maintenance',
    concepts: [
      ['gear oil', 'lower unit', 'gearcase', 'gear lube'],
      ['engine oil', 'oil filter', 'oil change'],
      ['impeller', 'water pump'],
      ['spark plug', 'plugs'],
    ],
  },
  {
    question: 'how often do i really need to change the water pump imepller',
    category: 'maintenance',
    concepts: [
      ['year', 'season'],
      ['hour'],
      ['crack', 'stiff', 'vane', 'worn'],
    ],
  },
  {
    question: 'do i have to flush the outboard after every time i use it in salt water or is that overkill',
    category: 'maintenance',
    concepts: [
      ['muffs', 'flush port', 'flushing port', 'garden hose'],
      ['fresh water', 'freshwater'],
      ['salt', 'corrosion'],
    ],
  },
  {
    question: 'leaving the boat outside this winter, is a tarp good enough or should i pay for shrink wrap',
    category: 'maintenance',
    concepts: [
      ['ventilat', 'air vent', 'airflow', 'vents'],
      ['frame', 'support', 'pool'],
      ['moisture', 'mildew', 'condensation', 'mold'],
    ],
  },
  {
    question: 'should i take the batteries off the boat over the winter or leave them in',
    category: 'maintenance',
    concepts: [
      ['charge', 'maintainer', 'trickle', 'tender'],
      ['disconnect', 'remove'],
      ['freez'],
    ],
  },

  // ---------------------------------------------------------------- hull (4)
  {
    question: 'chalky hull',
    category: 'hull',
    concepts: [
      ['oxidation', 'oxidized'],
      ['compound', 'polish'],
      ['wax'],
    ],
  },
  {
    question: 'little spider cracks in the gelcoat around my cleats and rod holders. do i need to worry',
    category: 'hull',
    concepts: [
      ['stress', 'flex'],
      ['backing plate', 'backing'],
      ['grind', 'v-groove', 'fill', 'gelcoat repair'],
    ],
  },
  {
    question: 'soft spot on the deck by the helm, kind of spongy when i step on it. boat is a 1998',
    category: 'hull',
    concepts: [
      ['core', 'balsa', 'plywood'],
      ['water intrusion', 'moisture', 'wet', 'rotted'],
      ['moisture meter', 'tap test', 'tapping', 'sounding'],
    ],
  },
  {
    question: 'hauled out for the season and the bottom has a bunch of blisters, some the size of a dime. is my boat shot?',
    category: 'hull',
    concepts: [
      ['osmo'],
      ['barrier coat', 'epoxy'],
      ['dry out', 'drying', 'dried'],
      ['grind', 'drain', 'peel', 'puncture'],
    ],
  },

  // ---------------------------------------------------------------- rigging (3)
  {
    question: 'how often should standing rigging be replaced? 1989 catalina 30 and i think the wire is original',
    category: 'rigging',
    concepts: [
      ['10 year', 'ten year', '10-15', '10 to 15'],
      ['swage', 'terminal', 'fitting'],
      ['crack', 'broken strand', 'meat hook', 'rust'],
      ['rigger', 'survey', 'inspect'],
    ],
  },
  {
    question: 'main is really hard to hoist, gets stuck about halfway up the mast',
    category: 'rigging',
    concepts: [
      ['slide', 'slug', 'track'],
      ['lubric', 'silicone', 'dry lube', 'mclube'],
      ['halyard', 'sheave'],
    ],
  },
  {
    question: 'roller furler jammed, jib wont roll up all the way and the furling line is bar tight',
    category: 'rigging',
    concepts: [
      ['drum'],
      ['halyard wrap', 'wrap', 'swivel'],
      ['override', 'furling line', 'riding turn'],
    ],
  },

  // ---------------------------------------------------------------- plumbing (4)
  {
    question: 'bilge pump keeps running',
    category: 'plumbing',
    concepts: [
      ['float'],
      ['leak', 'water coming in', 'water in'],
      ['check valve', 'siphon', 'backflow'],
    ],
  },
  {
    question: 'head stinks bad even right after we get it pumped out. its a manual toilet on a 32ft sailboat',
    category: 'plumbing',
    concepts: [
      ['hose', 'permeat'],
      ['vent filter', 'vent line', 'vent fitting', 'tank vent'],
      ['raw water', 'intake', 'seawater', 'sea water'],
    ],
  },
  {
    question: 'fresh water pump keeps kicking on and off every few minutes even when no faucets are open',
    category: 'plumbing',
    concepts: [
      ['leak'],
      ['check valve', 'pressure switch'],
      ['accumulator', 'air in', 'pressure tank'],
    ],
  },
  {
    question: 'marine toilet getting really hard to pump and the bowl doesnt empty all the way',
    category: 'plumbing',
    concepts: [
      ['joker valve', 'valve'],
      ['calcium', 'scale', 'buildup', 'vinegar'],
      ['lubric', 'vegetable oil', 'mineral oil', 'grease'],
    ],
  },

  // ---------------------------------------------------------------- safety (2)
  {
    question: 'can smell exhaust in the cabin when we are underway. is that dangerous?',
    category: 'safety',
    concepts: [
      ['carbon monoxide', 'co detector', 'co alarm', 'co poisoning'],
      ['exhaust leak', 'exhaust hose', 'exhaust manifold', 'exhaust system'],
      ['ventilat', 'fresh air', 'station wagon', 'hatch'],
    ],
  },
  {
    question: 'first time taking my 24ft center console offshore, like 30 miles out. what safety gear do i actually need',
    category: 'safety',
    concepts: [
      ['epirb', 'plb'],
      ['life jacket', 'lifejacket', 'pfd'],
      ['vhf', 'radio'],
      ['flare', 'visual distress'],
    ],
  },

  // ---------------------------------------------------------------- trailer (2)
  {
    question: 'trailer lights only work on one side',
    category: 'trailer',
    concepts: [
      ['ground'],
      ['corros'],
      ['connector', 'plug', 'harness'],
    ],
  },
  {
    question: 'one of the trailer hubs was way too hot to touch after an hour on the highway, other side was fine',
    category: 'trailer',
    concepts: [
      ['grease', 'repack'],
      ['seal'],
      ['too tight', 'preload', 'adjust', 'brake'],
    ],
  },
];
