/** C0 and C1 controls, DEL, and the bidirectional and zero-width format characters. */
function invisible(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x2028 && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0xfeff
  );
}

/**
 * Text a user gave, as a one-line message shows it: control and invisible characters escaped (`\x00`, `\x1b`,
 * `\u202e`), so a message never carries raw terminal codes, and cut to `max` characters with '…', so a message
 * never echoes megabytes of input.
 */
export function shownText(text: string, max = 40): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  let out = '';
  for (let i = 0; i < cut.length; i++) {
    const c = cut.charCodeAt(i);
    if (!invisible(c)) out += cut[i];
    else out += c < 0x100 ? `\\x${c.toString(16).padStart(2, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return text.length > max ? `${out}…` : out;
}
