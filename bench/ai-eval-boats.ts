// Evaluation cases for the assistant with the owner's boat (My Boats): the owner asks without naming a
// make or model, and the answer should use what the boat says (its engine's maker and model for an engine
// question) and only where it applies (no outboard manual for a chartplotter). Each case is run with its
// boat and without it (`npm run eval:ai`).
import type { AiCategory } from '../src/common/ai-rules.js';
import type { BoatContext } from '../src/server/ai/provider.js';

export interface BoatEvalCase {
  /** The boat the conversation is about, as the server gives it to the engine. */
  boat: BoatContext;
  /** As an owner types it in a conversation about their boat: no make, model or year. */
  question: string;
  /** The category a good answer belongs to, with or without the boat. */
  category: Exclude<AiCategory, 'general'>;
  /**
   * Lower-case words or phrases the answer must contain because of the boat (every one), beyond the
   * 'I have assumed…' line that names the boat: its engine's maker and model for an engine question.
   */
  mustUse: string[];
  /**
   * Lower-case words or phrases the answer must not contain with the boat (beyond the 'assumed' line): the
   * engine's maker on a question that is not about the engine, a question back the boat already answers.
   */
  mustNotUse: string[];
  /** Concepts a good answer must mention; each a list of lower-case alternatives (any one counts). */
  concepts: string[][];
}

/**
 * Engine makers, each with the names its pages go by: on an engine or maintenance question about a boat
 * with an engine, the answer's references should name no other maker (no outboard manual for a diesel).
 */
const ENGINE_MAKERS: string[][] = [
  ['yamaha'],
  ['mercury', 'mercruiser'],
  ['suzuki'],
  ['honda'],
  ['volvo penta'],
  ['yanmar'],
  ['evinrude', 'johnson'],
  ['tohatsu'],
  ['westerbeke'],
  ['beta marine'],
  ['torqeedo'],
];

/** The engine makers other than the boat's own, lower case; none when the boat has no engine. */
export function otherEngineMakers(boat: BoatContext): string[] {
  const own = boat.engine?.make.toLowerCase();
  if (!own) return [];
  return ENGINE_MAKERS.filter((names) => !names.includes(own)).flat();
}

// ---------------------------------------------------------------- the boats

const engine = (make: string, model: string, year: number, hours: number, fuel: 'gasoline' | 'diesel' | 'electric' = 'gasoline') => ({
  make,
  model,
  year,
  hours,
  fuel,
});

const reelDeal: BoatContext = {
  name: 'Reel Deal',
  type: 'Fishing Boat',
  make: 'Grady-White',
  model: 'Fisherman 216',
  year: 2016,
  lengthFeet: 21.5,
  propulsion: 'outboard',
  engine: engine('Yamaha', 'F150', 2016, 640),
};

const sunnyDays: BoatContext = {
  name: 'Sunny Days',
  type: 'Pontoon',
  make: 'Bennington',
  model: '22 SSBXP',
  year: 2014,
  lengthFeet: 22,
  propulsion: 'outboard',
  engine: engine('Mercury', '90 FourStroke', 2014, 410),
};

const happyHour: BoatContext = {
  name: 'Happy Hour',
  type: 'Powerboat',
  make: 'Four Winns',
  model: 'H210',
  year: 2008,
  lengthFeet: 21,
  propulsion: 'sterndrive',
  engine: engine('Volvo Penta', '4.3 GL', 2008, 1150),
};

const windDancer: BoatContext = {
  name: 'Wind Dancer',
  type: 'Sailboat',
  make: 'Catalina',
  model: '320',
  year: 2004,
  lengthFeet: 32,
  propulsion: 'sail',
  engine: engine('Yanmar', '3YM30', 2004, 2300, 'diesel'),
};

const blueHeron: BoatContext = {
  name: 'Blue Heron',
  type: 'Fishing Boat',
  make: 'Sea Hunt',
  model: 'Ultra 225',
  year: 2019,
  lengthFeet: 22,
  propulsion: 'outboard',
  engine: engine('Suzuki', 'DF140', 2019, 350),
};

const skipJack: BoatContext = {
  name: 'Skip Jack',
  type: 'Powerboat',
  make: 'Boston Whaler',
  model: '190 Montauk',
  year: 2012,
  lengthFeet: 19,
  propulsion: 'outboard',
  engine: engine('Honda', 'BF90', 2012, 880),
};

const gulfRunner: BoatContext = {
  name: 'Gulf Runner',
  type: 'Fishing Boat',
  make: 'Contender',
  model: '35 ST',
  year: 2018,
  lengthFeet: 35,
  propulsion: 'outboard',
  // Twins: the engine given is the first, the other is alike.
  engine: engine('Mercury', 'Verado 300', 2018, 720),
};

const quietWater: BoatContext = {
  name: 'Quiet Water',
  type: 'Pontoon',
  make: 'Sun Tracker',
  model: 'Party Barge 20',
  year: 2022,
  lengthFeet: 20,
  propulsion: 'electric',
  engine: engine('Torqeedo', 'Cruise 10.0', 2022, 150, 'electric'),
};

const seaBreeze: BoatContext = {
  name: 'Sea Breeze',
  type: 'Sailboat',
  make: 'Cape Dory',
  model: '25',
  year: 1979,
  lengthFeet: 25,
  propulsion: 'sail',
  engine: null,
};

// ---------------------------------------------------------------- the cases

/** Questions back that a boat on file answers already: what kind of boat, and the engine's make and model. */
const ASKS_WHAT_BOAT = 'what kind of boat is it';
const ASKS_WHICH_ENGINE = 'what make and model is the engine';

export const boatEvalCases: BoatEvalCase[] = [
  // Engine questions: the boat's engine is assumed.
  {
    boat: reelDeal,
    question: 'engine is overheating, alarm goes off after 10 minutes and the pee stream is weak',
    category: 'engine',
    mustUse: ['yamaha', 'f150'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['impeller', 'water pump'], ['thermostat'], ['intake', 'pickup', 'strainer']],
  },
  {
    boat: sunnyDays,
    question: "it cranks over fine but won't start",
    category: 'engine',
    mustUse: ['mercury 90'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['fuel', 'gas'], ['spark', 'ignition'], ['kill switch', 'lanyard', 'kill cord', 'safety clip']],
  },
  {
    boat: happyHour,
    question: 'rough idle, it stumbles and almost stalls at idle but smooths out once I give it throttle',
    category: 'engine',
    mustUse: ['volvo penta', '4.3'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['spark plug', 'plug'], ['fuel filter', 'water separator', 'fuel'], ['vacuum', 'idle air', 'carburetor', 'injector']],
  },
  {
    boat: windDancer,
    question: 'how often should I change the oil and what else should be done at the same time',
    category: 'maintenance',
    mustUse: ['yanmar', '3ym30'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['oil filter', 'filter'], ['hours', 'annually', 'every season', 'once a year', 'season']],
  },
  {
    boat: windDancer,
    question: 'the engine overheated motoring into the marina, very little water coming out of the exhaust',
    category: 'engine',
    mustUse: ['yanmar', '3ym30'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['impeller', 'raw water pump'], ['strainer', 'seacock', 'intake'], ['heat exchanger', 'thermostat']],
  },
  {
    boat: blueHeron,
    question: 'when should I replace the water pump impeller? never done it',
    category: 'maintenance',
    mustUse: ['suzuki', 'df140'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['impeller'], ['years', 'hours', 'season']],
  },
  {
    boat: skipJack,
    question: "what's the oil change interval, and should I do the lower unit gear oil too",
    category: 'maintenance',
    mustUse: ['honda', 'bf90'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['gear oil', 'gear lube', 'lower unit'], ['hours', 'annually', 'once a year', 'season']],
  },
  {
    boat: gulfRunner,
    question: 'the port engine idles rough and shakes, starboard one is smooth',
    category: 'engine',
    mustUse: ['mercury', 'verado'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['spark plug', 'plug', 'coil', 'ignition'], ['fuel', 'injector', 'filter']],
  },
  {
    boat: happyHour,
    question: 'how do I winterize it before it goes on the trailer for the winter',
    category: 'maintenance',
    mustUse: ['volvo penta', '4.3'],
    mustNotUse: [ASKS_WHICH_ENGINE],
    concepts: [['antifreeze', 'drain'], ['fuel stabilizer', 'stabilizer', 'stabiliser'], ['fog', 'fogging']],
  },
  // Not about an engine: the boat's engine maker has no place in the answer.
  {
    boat: reelDeal,
    question: 'the chartplotter keeps losing its gps fix and the boat icon jumps around',
    category: 'electronics',
    mustUse: [],
    mustNotUse: ['yamaha', 'f150', ASKS_WHICH_ENGINE],
    concepts: [['antenna'], ['software', 'update', 'firmware'], ['connection', 'connector', 'cable', 'wiring', 'power']],
  },
  {
    boat: blueHeron,
    question: 'bilge pump runs but no water comes out the thru-hull',
    category: 'plumbing',
    mustUse: [],
    mustNotUse: ['suzuki', 'df140', ASKS_WHICH_ENGINE],
    concepts: [['clog', 'debris', 'blocked', 'intake'], ['hose', 'check valve', 'discharge']],
  },
  {
    boat: gulfRunner,
    question: 'vhf turns on but nobody answers my radio checks',
    category: 'electronics',
    mustUse: [],
    mustNotUse: ['verado', 'mercury', ASKS_WHICH_ENGINE],
    concepts: [['antenna'], ['coax', 'connector', 'cable', 'pl-259']],
  },
  {
    boat: sunnyDays,
    question: 'the depth finder reads crazy numbers at speed and sometimes shows nothing',
    category: 'electronics',
    mustUse: [],
    mustNotUse: ['mercury', 'fourstroke', ASKS_WHICH_ENGINE],
    concepts: [['transducer'], ['air', 'bubbles', 'turbulence', 'mounting', 'mount']],
  },
  // Electric: no fuel, no spark, no impeller; its motor is on file.
  {
    boat: quietWater,
    question: 'the batteries run down way faster than last year, range is half what it was',
    category: 'electrical',
    mustUse: [],
    mustNotUse: ['fuel filter', 'spark plug', 'impeller', 'gasoline', ASKS_WHICH_ENGINE],
    concepts: [['battery', 'batteries'], ['charge', 'charger', 'charging']],
  },
  // No engine: the boat's type and size are known, so the answer does not ask for them.
  {
    boat: seaBreeze,
    question: 'the roller furling is really hard to turn and the jib will barely roll up',
    category: 'rigging',
    mustUse: [],
    mustNotUse: ['outboard', 'impeller', ASKS_WHAT_BOAT],
    concepts: [['furler', 'furling', 'drum'], ['halyard', 'wrap', 'swivel', 'bearing']],
  },
  {
    boat: seaBreeze,
    question: "found a few blisters on the bottom when we hauled out, how worried should I be",
    category: 'hull',
    mustUse: [],
    mustNotUse: ['outboard', 'impeller', ASKS_WHAT_BOAT],
    concepts: [['blister', 'osmosis'], ['moisture', 'dry', 'barrier coat', 'epoxy']],
  },
];
