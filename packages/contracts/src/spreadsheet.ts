// A spreadsheet would run a CSV cell starting with one of these, also after spaces, as a
// formula (OWASP CSV injection): such cells are written with a leading apostrophe. The server's
// result files and the web's exports apply the same rule (DESIGN "Security").
export function safeSpreadsheetCell(value: string): string {
  return /^[ ]*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
