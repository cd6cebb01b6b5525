/**
 * The editor's own check of a text's `{{variables}}`, with the server's English messages
 * (server/src/newsletter/templates/variables.rs), so a misspelt name shows while typing.
 */
export function variableProblem(text: string, known: readonly string[]): string | undefined {
  let rest = text;
  for (let start = rest.indexOf('{{'); start !== -1; start = rest.indexOf('{{')) {
    const after = rest.slice(start + 2);
    const end = after.indexOf('}}');
    if (end === -1) return 'A variable is not closed: write {{name}}';
    const name = after.slice(0, end).trim();
    if (!known.includes(name)) return `Unknown variable: {{${name}}}`;
    rest = after.slice(end + 2);
  }
  return undefined;
}
