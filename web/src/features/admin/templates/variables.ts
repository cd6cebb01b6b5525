import type { Problem } from '../../../api/errors';
import { problem } from '../validation';

/**
 * The editor's own check of a text's `{{variables}}`, with the server's codes and values
 * (server/src/newsletter/templates/variables.rs), so a misspelt name shows while typing.
 */
export function variableProblem(text: string, known: readonly string[]): Problem | undefined {
  let rest = text;
  for (let start = rest.indexOf('{{'); start !== -1; start = rest.indexOf('{{')) {
    const after = rest.slice(start + 2);
    const end = after.indexOf('}}');
    if (end === -1) return problem('variable_unclosed', { example: '{{name}}' });
    const name = after.slice(0, end).trim();
    // The name as written, braces and all.
    if (!known.includes(name)) return problem('unknown_variable', { name: `{{${name}}}` });
    rest = after.slice(end + 2);
  }
  return undefined;
}
