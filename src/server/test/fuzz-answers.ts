/** What no answer may show a client: traces of our code, our database or our machine. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /^\s*at\s+\S.*(?:\(|:\d+:\d+)/m],
  ['an error name', /\b(?:[A-Z][A-Za-z]*)?Error:/],
  ['SQL', /\bselect\s+[\w"*.,\s()]+\s+from\s|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b/i],
  ['a database error', /syntax error at|violates|duplicate key value|failed query|relation "|column "|invalid input syntax|SQLSTATE/i],
  ['a file path', /\/work\/|node_modules|\.ts:\d*|\.js:\d+|\/src\/server\//],
  ['an internal error code', /\b(?:FST_[A-Z_]+|ERR_[A-Z_]{3,}|E(?:CONNREFUSED|CONNRESET|TIMEDOUT|PIPE|NOENT|ACCES|ADDRINUSE))\b/],
];

/** Every string in a JSON value, keys included. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.push(key);
      stringsOf(v, into);
    }
  }
  return into;
}

/**
 * The leaks in an answer. What the request itself sent is taken out first: a profile answered with the
 * name it was given, or a question quoted back, is no leak even when it reads like SQL.
 */
export function leaksIn(body: string, json: unknown, sentStrings: string[]): string[] {
  const echoes = sentStrings.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
  const texts = json === undefined ? [body] : stringsOf(json);
  const found = new Set<string>();
  for (let text of texts) {
    for (const echo of echoes) if (text.includes(echo)) text = text.split(echo).join(' ');
    for (const [what, pattern] of LEAKS) {
      const match = pattern.exec(text);
      if (match) found.add(`${what} (${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 80))})`);
    }
  }
  return [...found];
}

/** The strings a request carried, decoded as the server would see them. */
export function sentStrings(url: string, payload: string | Buffer | undefined): string[] {
  const strings: string[] = [];
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  strings.push(...path.split('/').map(decode));
  for (const pair of query.split('&')) strings.push(...pair.split('=').map(decode));
  if (payload !== undefined) {
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    try {
      stringsOf(JSON.parse(text), strings);
    } catch {
      strings.push(...text.split(/\r\n|"/));
    }
  }
  return strings;
}

/**
 * Better Auth's error codes are words in capitals (UNAUTHORIZED, INVALID_EMAIL_OR_PASSWORD) that the client
 * turns into its own words; Fastify's (FST_ERR_*), Node's (ERR_*, ECONNREFUSED) and SQLSTATEs are ours to hide.
 */
const PUBLIC_CODE = /^[A-Z]+(?:_[A-Z]+)*$/;
const INTERNAL_CODE = /^(?:FST_|ERR_|E(?:CONNREFUSED|CONNRESET|TIMEDOUT|PIPE|NOENT|ACCES|ADDRINUSE)$)/;

/** What is wrong with an error answer's shape: it must be JSON `{message: string, ...}`. */
export function errorShapeProblems(contentType: string | undefined, json: unknown): string[] {
  const problems: string[] = [];
  if (!contentType?.startsWith('application/json')) problems.push(`content-type is ${contentType ?? 'missing'}, not JSON`);
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [...problems, 'the body is not a JSON object'];
  const body = json as Record<string, unknown>;
  if (typeof body.message !== 'string' || !body.message.trim()) problems.push('it has no message');
  if ('stack' in body) problems.push('it has a stack');
  if (body.code !== undefined && (typeof body.code !== 'string' || !PUBLIC_CODE.test(body.code) || INTERNAL_CODE.test(body.code))) {
    problems.push(`it carries the internal code ${JSON.stringify(body.code)}`);
  }
  return problems;
}
