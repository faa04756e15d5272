/**
 * JSON with exact big integers, read: an integer literal (no '.', no exponent) beyond ±(2^53−1) becomes a BigInt;
 * every other number is a double (json.ts says why json-bigint's reader is not used). In a file of its own so that a
 * reader need not load json-bigint (the writer's): a shard of a sharded count reads results and checkpoints, and its
 * start-up is part of its cost (docs/sharding.md, "Overhead").
 */
export function fromJson(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`JSON: ${what} at position ${i + 1}`);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = (): unknown => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const key = string();
        ws();
        if (text[i++] !== ':') fail("expected ':'");
        out[key] = value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i++] === '}') return out;
        fail("expected ',' or '}'");
      }
    }
    if (ch === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i++] === ']') return out;
        fail("expected ',' or ']'");
      }
    }
    if (ch === '"') return string();
    if (text.startsWith('true', i)) {
      i += 4;
      return true;
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return false;
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return null;
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail('unexpected character');
    i += m[0].length;
    if (m[2] === undefined && m[3] === undefined) {
      const x = Number(m[0]);
      return Number.isSafeInteger(x) ? x : BigInt(m[0]);
    }
    return Number(m[0]);
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const v = value();
  ws();
  if (i !== text.length) fail('unexpected text after the value');
  return v;
}
