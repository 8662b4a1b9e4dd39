import { AppError } from '../core/app-error.js';
import type { AiSettings, ImageAnalysis, PhotoCheck } from '../../common/ai.js';
import type { AiCategory } from '../../common/ai-rules.js';

export interface ConversationTurn {
  role: 'user' | 'ai';
  content: string;
}

/** The owner's boat a conversation is about (My Boats): the assistant assumes its make, model and engine. */
export interface BoatContext {
  name: string;
  /** 'Powerboat', 'Sailboat': as the owner chose it. */
  type: string;
  make: string | null;
  model: string | null;
  year: number | null;
  lengthFeet: number | null;
  /** 'outboard', 'inboard', 'sterndrive', 'jet', 'sail', 'electric'. */
  propulsion: string;
  /** Its first engine (most boats have one; twins are alike). */
  engine: { make: string; model: string | null; year: number | null; hours: number | null; fuel: string } | null;
}

export interface AskInput {
  question: string;
  /** Earlier turns of this conversation, oldest first. */
  history: ConversationTurn[];
  settings: AiSettings;
  boat?: BoatContext;
}

export interface AnswerResult {
  /** The answer text, with a '**References:**' block when it cites pages. */
  text: string;
  category: AiCategory;
}

export interface AnalyzeInput {
  /** The photo, normalised to JPEG by sharp: given to a provider with `vision`, the only kind that looks at it. */
  image?: Buffer;
  description: string;
  history: ConversationTurn[];
  settings: AiSettings;
  photoChecks: PhotoCheck[];
  boat?: BoatContext;
}

/** An engine behind the assistant: the built-in knowledge base, or an OpenAI-compatible model. */
export interface AiProvider {
  readonly name: 'builtin' | 'openai';
  readonly webSearch: boolean;
  readonly vision: boolean;
  answer(input: AskInput): Promise<AnswerResult>;
  /** The analysis as shown, and the knowledge-base category the session is filed under. */
  analyzeImage(input: AnalyzeInput): Promise<{ analysis: ImageAnalysis; category: AiCategory }>;
}

/**
 * A failure of the model provider the user should hear about in plain words (timeouts, 429, 5xx, bad
 * output): our API answers 429 when the provider limits us and 503 for the rest. `upstreamStatus` is
 * what the provider's failure amounted to.
 */
export class AiProviderError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus: 429 | 502 | 503 | 504,
  ) {
    super(upstreamStatus === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE', message);
  }
}
