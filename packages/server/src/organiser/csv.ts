/**
 * CSV for organisers' spreadsheets and mail merges (RFC 4180: CRLF lines,
 * fields quoted when they hold a comma, a quote or a line break, quotes
 * doubled). A field starting with = + - @ (or a tab or carriage return) is
 * prefixed with a quote mark: spreadsheets would otherwise run a player's
 * name such as `=HYPERLINK(...)` as a formula (CSV injection).
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
