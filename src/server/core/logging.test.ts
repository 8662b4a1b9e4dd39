import { describe, expect, it } from 'vitest';
import { serializeError } from './logging.js';

describe('serializeError', () => {
  // The query's text is the message's (its values are not): a replacement string would read its $$ and $& as patterns.
  it("puts the safe message into the stack as written, whatever '$' patterns the query holds", () => {
    const query = "select $$a$$, $& from t where x = $1 and y = $' and z = $`";
    const error = Object.assign(new Error(`Failed query: ${query}\nparams: ann@example.com`), { query, params: ['ann@example.com'] });
    const logged = serializeError(error);
    expect(logged.message).toBe(`Failed query: ${query} (1 parameters, not logged)`);
    expect(logged.stack.startsWith(`Error: ${logged.message}\n`)).toBe(true);
    expect(logged.stack).not.toContain('ann@example.com');
  });
});
