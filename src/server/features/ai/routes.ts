import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  aiConversationSchema,
  aiSessionSchema,
  aiSettingsSchema,
  aiStatusSchema,
  analyzeImageFieldsSchema,
  analyzeImageResponseSchema,
  askResponseSchema,
  askSchema,
} from '../../../common/ai.js';
import { DESCRIPTION_MAX_LENGTH, IMAGE_MAX_BYTES } from '../../../common/ai-rules.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { requireRole, requireUser } from '../../auth/guards.js';
import { AppError } from '../../core/app-error.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import { NUL_MESSAGE } from '../../http/request-input.js';
import type { AiProvider } from '../../ai/provider.js';
import { normalizeUploadedImage } from '../../ai/image-upload.js';
import { checkPhoto } from '../../ai/photo-checks.js';
import {
  analyzePhoto,
  askAssistant,
  getAiConversation,
  getAiSettings,
  listAiSessions,
  saveAiSettings,
} from './service.js';

const ASKS_PER_MINUTE = 20;
const ANALYSES_PER_MINUTE = 10;

/** A photo over the limit says which limit; every other upload failure is worded by the error handler. */
function uploadError(error: unknown): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB. Please send a smaller one.');
  }
  return error;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

export const aiRoutes: FastifyPluginAsyncZod<{ provider: AiProvider; builtin: AiProvider }> = async (app, { provider, builtin }) => {
  // Photos go to the vision model when there is one; otherwise the built-in engine analyses the description.
  const imageAnalyzer = provider.vision ? provider : builtin;

  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: DESCRIPTION_MAX_LENGTH * 4, parts: 6 },
  });

  app.get(
    '/api/ai/status',
    { schema: { tags: ['ai'], summary: 'What the assistant can do here', response: { 200: aiStatusSchema } } },
    async () => ({ provider: provider.name, webSearch: provider.webSearch, vision: provider.vision }),
  );

  app.post(
    '/api/ai/ask',
    {
      schema: {
        tags: ['ai'],
        summary: 'Asks the assistant; continues a conversation when sessionId is given',
        body: askSchema,
        response: { 200: askResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await consumeRequestLimit(app.db, {
        key: `ai-ask:${user.id}`,
        max: ASKS_PER_MINUTE,
        windowMs: 60_000,
        message: 'You are asking very quickly. Please wait a minute and try again.',
      });
      return askAssistant(app.db, provider, { userId: user.id, ...request.body });
    },
  );

  app.post(
    '/api/ai/analyze-image',
    {
      schema: {
        tags: ['ai'],
        summary: 'Analyses a photo of the problem (multipart: image, description?, sessionId?)',
        consumes: ['multipart/form-data'],
        response: { 200: analyzeImageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Please select an image file');
      await consumeRequestLimit(app.db, {
        key: `ai-analyze:${user.id}`,
        max: ANALYSES_PER_MINUTE,
        windowMs: 60_000,
        message: 'You are sending photos very quickly. Please wait a minute and try again.',
      });

      let image: Buffer | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'image') image = await part.toBuffer();
            else await part.toBuffer();
          } else if (typeof part.value === 'string') {
            if (part.value.includes('\u0000')) throw new AppError('BAD_REQUEST', NUL_MESSAGE, { [part.fieldname]: NUL_MESSAGE });
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!image || image.length === 0) throw new AppError('BAD_REQUEST', 'Please select an image file');

      const parsed = analyzeImageFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, errors);
      }
      const { description, sessionId, boatId } = parsed.data;
      const photoChecks = await checkPhoto(image);
      // Only a vision model looks at the picture itself: the built-in engine gets no re-encoded copy to ignore.
      const jpeg = imageAnalyzer.vision ? (await normalizeUploadedImage(image)).jpeg : undefined;
      return analyzePhoto(app.db, imageAnalyzer, { userId: user.id, image: jpeg, description, sessionId, boatId, photoChecks });
    },
  );

  app.get(
    '/api/ai/sessions',
    { schema: { tags: ['ai'], summary: "The signed-in user's AI sessions, newest first", response: { 200: z.array(aiSessionSchema), 401: apiErrorSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return listAiSessions(app.db, user.id);
    },
  );

  app.get(
    '/api/ai/sessions/:id',
    {
      schema: {
        tags: ['ai'],
        summary: 'One conversation with its messages',
        params: z.object({ id: z.string() }),
        response: { 200: aiConversationSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!z.uuid().safeParse(request.params.id).success) throw new AppError('NOT_FOUND', 'This conversation does not exist.');
      return getAiConversation(app.db, user.id, request.params.id);
    },
  );

  app.get(
    '/api/ai/settings',
    { schema: { tags: ['ai'], summary: "The assistant's prompts (administrators)", response: { 200: aiSettingsSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (request) => {
      await requireRole(request, 'admin');
      return getAiSettings(app.db);
    },
  );

  app.put(
    '/api/ai/settings',
    {
      schema: {
        tags: ['ai'],
        summary: "Changes the assistant's prompts for everyone (administrators)",
        body: aiSettingsSchema,
        response: { 200: aiSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'admin');
      return saveAiSettings(app.db, user.id, request.body);
    },
  );
};
