import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { parseReferences } from '../../../common/ai-references.js';
import sharp from 'sharp';
import { goodPhoto } from '../../test/fixtures/test-images.js';

let fake: FakeOpenAiServer;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'test-chat-model',
    AI_VISION_MODEL: 'test-vision-model',
    AI_TIMEOUT_MS: '1500',
    SEARCH_PROVIDER: 'searxng',
    SEARCH_URL: fake.baseURL.replace(/\/v1$/, ''),
  });
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ask = (payload: object) => t.app.inject(asUser(owner, { method: 'POST', url: '/api/ai/ask', payload }));

function photoUpload(image: Buffer, description: string) {
  const boundary = '----kbopenai';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${description}\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject(
    asUser(owner, { method: 'POST', url: '/api/ai/analyze-image', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
  );
}

describe('the model provider (OpenAI-compatible, with web search)', () => {
  it('says it searches the web only because a search provider is configured', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/ai/status' });
    expect(status.json()).toEqual({ provider: 'openai', webSearch: true, vision: true });
  });

  it('sends the saved prompts with {question} filled in and the search results as numbered sources', async () => {
    await t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: '/api/ai/settings',
        payload: { systemPrompt: 'You are the K&B test concierge.', userPromptTemplate: 'Issue: {question}\nAnswer well.' },
      }),
    );
    fake.respondWith({ kind: 'answer', content: 'Check the fuel first [1], then the plugs [2].' });
    const response = await ask({ question: 'Outboard sputters at idle' });
    expect(response.statusCode).toBe(200);

    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('test-chat-model');
    // The administrator's prompt, then the note on the chat's format that every answer needs.
    expect(sent.messages[0]!.role).toBe('system');
    expect(String(sent.messages[0]!.content)).toMatch(/^You are the K&B test concierge\.\n\nFormat the answer as plain text for a chat/);
    const userMessage = String(sent.messages.at(-1)!.content);
    expect(userMessage.startsWith('Issue: Outboard sputters at idle\nAnswer well.')).toBe(true);
    expect(userMessage).toContain('[1] Yamaha outboard maintenance - https://www.yamahaoutboards.com/');
    expect(fake.searches.at(-1)).toBe('Outboard sputters at idle');

    const { body, references } = parseReferences(response.json().response);
    expect(body).toBe('Check the fuel first [1], then the plugs [2].');
    expect(references.map((r) => r.url)).toEqual(['https://www.yamahaoutboards.com/', 'https://www.boatus.com/expert-advice']);
    expect(response.json().category).toBe('engine');
  });

  it('sends the earlier turns of the conversation', async () => {
    fake.respondWith({ kind: 'answer', content: 'First answer.' });
    const first = (await ask({ question: 'my bilge pump keeps running' })).json();
    fake.respondWith({ kind: 'answer', content: 'Second answer.' });
    await ask({ question: 'it is a Rule 1100', sessionId: first.sessionId });
    const roles = fake.requests.at(-1)!.messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(fake.requests.at(-1)!.messages[1]!.content).toBe('my bilge pump keeps running');
    expect(fake.requests.at(-1)!.messages[2]!.content).toContain('First answer.');
  });

  it("tells the model the owner's boat and engine, for every turn of the conversation about it", async () => {
    const boat = await t.app.inject(
      asUser(owner, {
        method: 'POST',
        url: '/api/boats',
        payload: { name: 'Kingfisher', boatType: 'sailboat', hullType: 'monohull', propulsion: 'sail', year: 1998, make: 'Catalina', model: '30', engines: [{ make: 'Yanmar', model: '3YM30', year: 2010, hours: 1400, fuel: 'diesel' }] },
      }),
    );
    expect(boat.statusCode, boat.body).toBe(201);
    fake.respondWith({ kind: 'answer', content: 'Assuming Kingfisher: check the raw-water flow.' });
    const first = (await ask({ question: 'the engine overheats under load', boatId: boat.json().boat.id })).json();
    expect(first.boat.name).toBe('Kingfisher');
    const system = () => String(fake.requests.at(-1)!.messages[0]!.content);
    expect(system()).toContain('Kingfisher, a 1998 Catalina 30 (sailboat) with a 2010 Yanmar 3YM30 auxiliary at 1,400 hours');
    expect(system()).toContain('which boat you assumed');
    fake.respondWith({ kind: 'answer', content: 'Then the impeller.' });
    await ask({ question: 'the strainer is clean', sessionId: first.sessionId });
    expect(system()).toContain('Kingfisher');
    fake.respondWith({ kind: 'answer', content: 'No boat here.' });
    await ask({ question: 'the engine overheats under load', boatId: null });
    expect(system()).not.toContain('Kingfisher');
  });

  it('sends no earlier turns with a new subject, and only the earlier subject’s turns on a return', async () => {
    fake.respondWith({ kind: 'answer', content: 'Outboard answer.' });
    const first = (await ask({ question: "My outboard cranks but won't start after sitting all winter" })).json();
    fake.respondWith({ kind: 'answer', content: 'Bilge answer.' });
    await ask({ question: 'Bilge pump runs constantly', sessionId: first.sessionId });
    const newSubject = fake.requests.at(-1)!;
    expect(newSubject.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.stringify(newSubject.messages)).not.toMatch(/cranks|Outboard answer/);
    expect(fake.searches.at(-1)).toBe('Bilge pump runs constantly');

    fake.respondWith({ kind: 'answer', content: 'Back to your outboard: check the fuel.' });
    const back = await ask({ question: "back to the outboard: it's a 2012 Mercury 90 four-stroke", sessionId: first.sessionId });
    expect(back.json().category).toBe('engine');
    const returned = fake.requests.at(-1)!;
    expect(returned.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(returned.messages[1]!.content).toBe("My outboard cranks but won't start after sitting all winter");
    expect(JSON.stringify(returned.messages)).not.toMatch(/bilge/i);
    expect(String(returned.messages[0]!.content)).toContain("Begin the answer with the words 'Back to your outboard:'");

    // A follow-up is searched for with the subject it belongs to.
    fake.respondWith({ kind: 'answer', content: 'About $100.' });
    await ask({ question: 'how much would that cost?', sessionId: first.sessionId });
    expect(fake.searches.at(-1)).toBe(
      "My outboard cranks but won't start after sitting all winter back to the outboard: it's a 2012 Mercury 90 four-stroke how much would that cost?",
    );
  });

  it('sends the subject’s turns with a question that names no equipment of its own', async () => {
    fake.respondWith({ kind: 'answer', content: 'Gelcoat answer.' });
    const first = (await ask({ question: 'The gelcoat on my deck has spider cracks' })).json();
    fake.respondWith({ kind: 'answer', content: 'About $300.' });
    const cost = await ask({ question: 'How much would it cost to fix, roughly?', sessionId: first.sessionId });
    expect(cost.json().category).toBe('hull');
    const sent = fake.requests.at(-1)!;
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent.messages[1]!.content).toBe('The gelcoat on my deck has spider cracks');
    expect(fake.searches.at(-1)).toBe('The gelcoat on my deck has spider cracks How much would it cost to fix, roughly?');
  });

  it('turns a provider failure into a clear error and keeps the conversation intact', async () => {
    fake.respondWith({ kind: 'answer', content: 'Kept.' });
    const first = (await ask({ question: 'trailer lights only work on one side' })).json();

    fake.respondWith({ kind: 'status', status: 500 });
    const failed = await ask({ question: 'still broken', sessionId: first.sessionId });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe('The AI service is having trouble right now. Please try again shortly.');

    fake.respondWith({ kind: 'status', status: 429 });
    expect((await ask({ question: 'again', sessionId: first.sessionId })).statusCode).toBe(429);

    const conversation = await t.app.inject(asUser(owner, { method: 'GET', url: `/api/ai/sessions/${first.sessionId}` }));
    expect(conversation.json().messages).toHaveLength(2);
  });

  it('gives up after the timeout with a clear message', async () => {
    fake.respondWith({ kind: 'hang' });
    const response = await ask({ question: 'engine overheating' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('The AI service took too long to answer. Please try again.');
  });

  it('sends the photo to the vision model as an image part, re-encoded, and answers its structured analysis', async () => {
    fake.respondWith({
      kind: 'answer',
      content: JSON.stringify({
        category: 'Electrical',
        severity: 'High',
        diagnosis: 'Heavy corrosion on the positive terminal.',
        recommendations: ['Disconnect the negative lead first', 'Clean with baking soda solution'],
        estimatedCost: '$20-$60',
        urgency: 'Soon',
      }),
    });
    const png = await sharp(await goodPhoto(3000, 2000)).png().toBuffer();
    const response = await photoUpload(png, 'corroded battery terminal');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ category: 'Electrical', severity: 'High', recommendations: ['Disconnect the negative lead first', 'Clean with baking soda solution'] });
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('test-vision-model');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    const parts = sent.messages.at(-1)!.content as { type: string; image_url?: { url: string } }[];
    const url = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
    expect(url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const seen = await sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')).metadata();
    expect([seen.format, seen.width, seen.height]).toEqual(['jpeg', 1600, 1067]);
  });

  it('answers a malformed vision answer with a clear error, not a crash', async () => {
    fake.respondWith({ kind: 'answer', content: '{"category": "Engine", "severity": 3}' });
    const response = await photoUpload(await goodPhoto(), 'what is this');
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('The image analysis came back unreadable. Please try again.');
    fake.respondWith({ kind: 'answer', content: 'not json at all' });
    expect((await photoUpload(await goodPhoto(), 'again')).statusCode).toBe(503);
  });
});

describe('Perplexity-style citations', () => {
  it('become the references when no search provider is configured', async () => {
    const plain = await createTestApp({ AI_PROVIDER: 'openai', AI_BASE_URL: fake.baseURL, AI_MODEL: 'sonar', AI_TIMEOUT_MS: '1500' });
    try {
      const user = await signUp(plain.app);
      fake.respondWith({
        kind: 'answer',
        content: 'Replace the impeller [1].',
        extra: { citations: ['https://www.yachtingmonthly.com/sailing-skills/things-practise-harbour-changing-impeller-61072'] },
      });
      const response = await plain.app.inject(asUser(user, { method: 'POST', url: '/api/ai/ask', payload: { question: 'no water from the telltale' } }));
      const { references } = parseReferences(response.json().response);
      expect(references[0]?.url).toBe('https://www.yachtingmonthly.com/sailing-skills/things-practise-harbour-changing-impeller-61072');
      const status = await plain.app.inject({ method: 'GET', url: '/api/ai/status' });
      expect(status.json()).toEqual({ provider: 'openai', webSearch: false, vision: false });
    } finally {
      await plain.close();
    }
  });
});
