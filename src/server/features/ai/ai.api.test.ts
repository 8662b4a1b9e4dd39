import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { parseReferences } from '../../../common/ai-references.js';
import { DEFAULT_AI_SETTINGS, SYSTEM_PROMPT_REQUIRED } from '../../../common/ai.js';
import { goodPhoto, darkPhoto } from '../../test/fixtures/test-images.js';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { email: 'asker@example.com' });
  admin = await signUp(t.app, { email: 'ai-admin@example.com' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

function ask(user: TestUser | null, payload: object) {
  return t.app.inject(asUser(user, { method: 'POST', url: '/api/ai/ask', payload }));
}

/** A multipart body as a browser's FormData would send it. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----kbtestboundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (part.type) chunks.push(Buffer.from(`Content-Type: ${part.type}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function analyze(user: TestUser | null, parts: Parameters<typeof multipart>[0]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject(asUser(user, { method: 'POST', url: '/api/ai/analyze-image', payload, headers }));
}

describe('POST /api/ai/ask with the built-in engine', () => {
  it('answers with steps, safety, questions back and references, and records an AI session', async () => {
    const response = await ask(owner, { question: "My outboard cranks but won't start after sitting all winter" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.category).toBe('engine');
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.response).toContain('**Troubleshooting steps, in order**');
    expect(body.response).toContain('**Safety first**');
    expect(body.response).toContain('**A few questions so I can narrow it down**');
    expect(body.response).toContain('**When to call a professional**');
    const { references } = parseReferences(body.response);
    expect(references.length).toBeGreaterThan(0);
    expect(references.every((r) => r.url?.startsWith('https://') || r.url?.startsWith('http://'))).toBe(true);

    const sessions = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/ai/sessions' }));
    expect(sessions.json()[0]).toMatchObject({
      id: body.sessionId,
      question: "My outboard cranks but won't start after sitting all winter",
      category: 'engine',
    });
  });

  it('answers a follow-up in the context of the earlier question, without asking again what it was told', async () => {
    const first = (await ask(owner, { question: 'my outboard is overheating and the alarm is beeping' })).json();
    const followUp = await ask(owner, { question: "it's a 2016 Yamaha F150 with 900 hours", sessionId: first.sessionId });
    expect(followUp.statusCode).toBe(200);
    const body = followUp.json();
    expect(body.sessionId).toBe(first.sessionId);
    expect(body.category).toBe('engine');
    expect(body.response).toContain('2016 Yamaha F150 with 900 hours');
    expect(body.response).not.toMatch(/What make and model/);
    expect(body.response).not.toMatch(/What year is it/);
    expect(body.response).toContain('https://www.yamahaoutboards.com/');

    const conversation = await t.app.inject(asUser(owner, { method: 'GET', url: `/api/ai/sessions/${first.sessionId}` }));
    expect(conversation.json().messages.map((m: { type: string }) => m.type)).toEqual(['user', 'ai', 'user', 'ai']);
  });

  it('answers a new subject in the same conversation about that subject alone, and says so when the owner comes back', async () => {
    const first = (await ask(owner, { question: "My outboard cranks but won't start after sitting all winter" })).json();
    const bilge = await ask(owner, { question: 'Bilge pump runs constantly', sessionId: first.sessionId });
    expect(bilge.statusCode).toBe(200);
    expect(bilge.json()).toMatchObject({ sessionId: first.sessionId, category: 'plumbing' });
    expect(bilge.json().response).not.toMatch(/lanyard|spark|outboard|yamaha|mercury/i);

    const back = (await ask(owner, { question: "back to the outboard: it's a Mercury 90 four-stroke from 2012", sessionId: first.sessionId })).json();
    expect(back.category).toBe('engine');
    expect(back.response).toMatch(/^Back to your outboard: /);
    expect(back.response).toContain('2012 Mercury 90 four-stroke');
    expect(back.response).not.toMatch(/bilge/i);
    expect(parseReferences(back.response).references.map((r) => r.url)).not.toContain('https://www.yamahaoutboards.com/');

    // The conversation stays one session, filed under its first subject.
    const sessions = (await t.app.inject(asUser(owner, { method: 'GET', url: '/api/ai/sessions' }))).json();
    expect(sessions.find((s: { id: string }) => s.id === first.sessionId)).toMatchObject({ category: 'engine' });
  });

  it('narrows a follow-up to what is left after the work the owner already did', async () => {
    const first = (await ask(owner, { question: 'my outboard is overheating and the alarm is beeping' })).json();
    const body = (await ask(owner, { question: 'I already replaced the impeller', sessionId: first.sessionId })).json();
    expect(body.category).toBe('engine');
    expect(body.response).toMatch(/^Since you've already replaced the impeller/);
    const causes = body.response.split('**Most likely causes**')[1].split('\n\n')[0];
    expect(causes).not.toMatch(/impeller/i);
    const cost = (await ask(owner, { question: 'how much would that cost?', sessionId: first.sessionId })).json();
    expect(cost.response).toMatch(/^A typical repair on your outboard (costs up to|runs) \$/);
  });

  it('says honestly when it has nothing that matches, instead of an unrelated article', async () => {
    const body = (await ask(owner, { question: 'What is the best pizza topping?' })).json();
    expect(body.category).toBe('general');
    expect(body.response).toMatch(/could not find a confident match/);
    expect(body.response).not.toContain('**References:**');
  });

  it('validates the question: empty, too long, unknown conversation', async () => {
    expect((await ask(owner, { question: '   ' })).json()).toMatchObject({ message: 'Please enter a question' });
    const long = await ask(owner, { question: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Questions can be at most 4000 characters');
    const unknown = await ask(owner, { question: 'hello', sessionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it("does not let one user continue or read another user's conversation", async () => {
    const mine = (await ask(owner, { question: 'bilge pump keeps running' })).json();
    const other = await signUp(t.app);
    expect((await ask(other, { question: 'and?', sessionId: mine.sessionId })).statusCode).toBe(404);
    expect((await t.app.inject(asUser(other, { method: 'GET', url: `/api/ai/sessions/${mine.sessionId}` }))).statusCode).toBe(404);
    expect((await t.app.inject(asUser(other, { method: 'GET', url: '/api/ai/sessions' }))).json()).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await ask(null, { question: 'hello' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/sessions' })).statusCode).toBe(401);
  });

  it('rate-limits a user who asks too fast with 429', async () => {
    const quick = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await ask(quick, { question: 'bilge pump runs constantly' })).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await ask(quick, { question: 'bilge pump runs constantly' });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts AI sessions in the dashboard figures and recent activity', async () => {
    const fresh = await signUp(t.app);
    await ask(fresh, { question: 'VHF radio can not hear anyone' });
    const stats = await t.app.inject(asUser(fresh, { method: 'GET', url: '/api/dashboard/stats' }));
    expect(stats.json().aiQueries).toBe(1);
    const activity = await t.app.inject(asUser(fresh, { method: 'GET', url: '/api/dashboard/recent-activity' }));
    expect(activity.json()[0]).toMatchObject({ type: 'ai_query', title: 'VHF radio can not hear anyone', status: 'completed' });
  });
});

describe('POST /api/ai/analyze-image with the built-in engine', () => {
  it('analyses a valid photo with its description, honestly, as one structured answer', async () => {
    const response = await analyze(owner, [
      { name: 'image', value: await goodPhoto(), filename: 'engine.jpg', type: 'image/jpeg' },
      { name: 'description', value: 'white crusty corrosion on the battery terminals, engine cranks slowly' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.category).toBe('Electrical');
    expect(body.diagnosis).toMatch(/vision model/);
    expect(body.recommendations.length).toBeGreaterThan(1);
    expect(body.estimatedCost).toMatch(/^\$/);
    expect(body.photoChecks).toEqual([]);
    const sessions = (await t.app.inject(asUser(owner, { method: 'GET', url: '/api/ai/sessions' }))).json();
    expect(sessions[0].question).toBe('[Image uploaded] white crusty corrosion on the battery terminals, engine cranks slowly');
  });

  it('reports problems with the photo itself', async () => {
    const body = (await analyze(owner, [{ name: 'image', value: await darkPhoto(), filename: 'dark.jpg', type: 'image/jpeg' }])).json();
    expect(body.photoChecks.map((c: { check: string }) => c.check)).toContain('too-dark');
    expect(body.category).toBe('General');
  });

  it('refuses a text file renamed to .jpg with 400', async () => {
    const response = await analyze(owner, [{ name: 'image', value: 'not really a photo', filename: 'fake.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select an image file');
  });

  it('refuses a photo cut off part-way with 400 and keeps no session', async () => {
    const sender = await signUp(t.app);
    const photo = await goodPhoto();
    const response = await analyze(sender, [{ name: 'image', value: photo.subarray(0, photo.length / 2), filename: 'half.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This image could not be read. Please send a JPEG, PNG, WebP or HEIC photo.');
    expect((await t.app.inject(asUser(sender, { method: 'GET', url: '/api/ai/sessions' }))).json()).toEqual([]);
  });

  it('answers 400 when no file is sent', async () => {
    const response = await analyze(owner, [{ name: 'description', value: 'no photo here' }]);
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 for a file over 10 MB', async () => {
    const response = await analyze(owner, [{ name: 'image', value: Buffer.alloc(10 * 1024 * 1024 + 10, 1), filename: 'big.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/10 MB/);
  });

  it('answers 400 with the field message for a bad sessionId, an over-long description or a NUL byte', async () => {
    const sender = await signUp(t.app);
    const image = { name: 'image', value: await goodPhoto(), filename: 'x.jpg', type: 'image/jpeg' };
    const badSession = await analyze(sender, [image, { name: 'sessionId', value: 'not-a-uuid' }]);
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json()).toEqual({ message: 'Unknown conversation', errors: { sessionId: 'Unknown conversation' } });
    const long = await analyze(sender, [image, { name: 'description', value: 'x'.repeat(2001) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ description: 'Descriptions can be at most 2000 characters' });
    const nul = await analyze(sender, [image, { name: 'description', value: 'bilge\u0000pump' }]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toHaveProperty('description');
    const sessions = (await t.app.inject(asUser(sender, { method: 'GET', url: '/api/ai/sessions' }))).json();
    expect(sessions).toEqual([]);
  });

  it('answers 400 for a multipart body cut off before its closing boundary', async () => {
    const sender = await signUp(t.app);
    const { payload, headers } = multipart([
      { name: 'description', value: 'cut off' },
      { name: 'image', value: await goodPhoto(), filename: 'x.jpg', type: 'image/jpeg' },
    ]);
    for (const cut of [payload.subarray(0, payload.length - 40), payload.subarray(0, 60)]) {
      const response = await t.app.inject(asUser(sender, { method: 'POST', url: '/api/ai/analyze-image', payload: cut, headers }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/cut off/);
    }
  });

  it('answers 413 for an upload with more parts than a photo needs', async () => {
    const sender = await signUp(t.app);
    const fields = Array.from({ length: 8 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    const response = await analyze(sender, [...fields, { name: 'image', value: await goodPhoto(), filename: 'x.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/^The upload has too many (parts|fields)\.$/);
  });

  it('answers 401 when signed out', async () => {
    const response = await analyze(null, [{ name: 'image', value: await goodPhoto(), filename: 'x.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(401);
  });
});

describe('AI settings', () => {
  it('answers the default prompts and lets an administrator change them', async () => {
    const current = await t.app.inject(asUser(admin, { method: 'GET', url: '/api/ai/settings' }));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(DEFAULT_AI_SETTINGS);
    const saved = await t.app.inject(
      asUser(admin, { method: 'PUT', url: '/api/ai/settings', payload: { systemPrompt: 'Be brief.', userPromptTemplate: 'Q: {question}' } }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject(asUser(admin, { method: 'GET', url: '/api/ai/settings' }))).json()).toEqual({
      systemPrompt: 'Be brief.',
      userPromptTemplate: 'Q: {question}',
    });
  });

  it('refuses an empty system prompt with 400 and keeps the saved one', async () => {
    const before = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/ai/settings' }))).json();
    for (const systemPrompt of ['', '   \n ']) {
      const response = await t.app.inject(
        asUser(admin, { method: 'PUT', url: '/api/ai/settings', payload: { systemPrompt, userPromptTemplate: 'Q: {question}' } }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SYSTEM_PROMPT_REQUIRED, errors: { systemPrompt: SYSTEM_PROMPT_REQUIRED } });
    }
    expect((await t.app.inject(asUser(admin, { method: 'GET', url: '/api/ai/settings' }))).json()).toEqual(before);
  });

  it('answers 403 to other users and 401 to visitors', async () => {
    const payload = { systemPrompt: 'x', userPromptTemplate: 'y' };
    expect((await t.app.inject(asUser(owner, { method: 'PUT', url: '/api/ai/settings', payload }))).statusCode).toBe(403);
    expect((await t.app.inject(asUser(owner, { method: 'GET', url: '/api/ai/settings' }))).statusCode).toBe(403);
    expect((await t.app.inject(asUser(null, { method: 'PUT', url: '/api/ai/settings', payload }))).statusCode).toBe(401);
  });

  it('tells the screens what the assistant can do', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/ai/status' });
    expect(status.json()).toEqual({ provider: 'builtin', webSearch: false, vision: false });
  });
});
