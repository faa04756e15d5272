/**
 * Text a user gave, as a one-line message shows it: control and invisible characters escaped (`\x00`, `\x1b`,
 * `\u202e`), so a message never carries raw terminal codes, and cut to `max` characters with '…', so a message
 * never echoes megabytes of input.
 */
export function shownText(text: string, max = 40): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = cut.replace(
    // C0 and C1 controls, DEL, and the bidirectional and zero-width format characters
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g,
    (ch) => {
      const code = ch.charCodeAt(0);
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    },
  );
  return text.length > max ? `${escaped}…` : escaped;
}
