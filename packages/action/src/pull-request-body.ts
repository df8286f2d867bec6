// The pull request's body: the body input (a template where {summary} stands for the key-by-key change
// summary; by default the summary alone), then the list of the files committed — what a reviewer merges —
// all within GitHub's limit on a body: the summary is what gets cut.
import { fitted, LIMITS } from './github-limits';

/** More files than this are counted, not named, in the body (the outputs and the branch name them all). */
const FILES_NAMED = 200;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The committed files as a folded list; each path in <code>, so no name can be read as Markdown or a mention. */
function filesSection(committed: readonly string[]): string {
  const named = committed.slice(0, FILES_NAMED).map((path) => `- <code>${escapeHtml(path)}</code>`);
  if (committed.length > FILES_NAMED) named.push(`- and ${committed.length - FILES_NAMED} more`);
  const title = `${committed.length} file${committed.length === 1 ? '' : 's'} committed`;
  return `<details><summary>${title}</summary>\n\n${named.join('\n')}\n\n</details>\n`;
}

/**
 * @example pullRequestBody('', '### acme/web: 1 changed\n', ['locales/de.json'])
 * // '### acme/web: 1 changed\n\n<details><summary>1 file committed</summary>…'
 */
export function pullRequestBody(template: string, summary: string, committed: readonly string[]): string {
  const files = filesSection(committed);
  const frame = template || '{summary}';
  // The room the summary has once the template and the list are there (each {summary} holds it once more).
  const copies = Math.max(1, frame.split('{summary}').length - 1);
  const fixed = Buffer.byteLength(frame.replaceAll('{summary}', '')) + Buffer.byteLength(files) + 2;
  const room = Math.max(0, Math.floor((LIMITS.body.bytes - fixed) / copies));
  const shown = fitted(
    summary || 'Translations updated by loc.',
    { ...LIMITS.body, bytes: room },
    "The workflow run's step summary holds more.",
  );
  const text = frame.replaceAll('{summary}', shown);
  return `${text.trimEnd()}\n\n${files}`;
}
