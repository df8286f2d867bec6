// Whether a fault's scope takes a request (method, path, pattern, operation, project, release) and, for a
// fault inside an answer, that answer: a CDN check's scope is the release it answers.
import { keptAnswerOf } from '../handlers/answers';
import { operationOf } from '../request/operation-of';
import type { ActiveFault } from './kinds';

/** The project (`workspace/slug`) that a workspace and a project, each by slug or id, name; undefined for none. */
export type ProjectOf = (workspace: string, project: string) => string | undefined;

/** A project's API paths name it by slug or id: `/v1/<workspace>/projects/<project>…`. */
const PROJECT_PATH = /^\/v1\/([^/]+)\/projects\/([^/]+)(?:\/|$)/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether the fault's scope takes this request (and, after it, this answer).
 *
 * @example inScope(fault, 'GET', '/v1/acme/projects/web', () => undefined)
 */
export function inScope(
  f: ActiveFault,
  method: string,
  pathname: string,
  projectOf: ProjectOf,
  answer?: Response,
): boolean {
  const s = f.spec;
  if (s.method && s.method.toUpperCase() !== method.toUpperCase()) return false;
  if (s.path && !pathname.startsWith(s.path)) return false;
  // search(), not test(): a RegExp with the g flag keeps no state between requests.
  if (f.pattern && pathname.search(f.pattern) < 0) return false;
  if (s.operation && operationOf(method, pathname) !== s.operation) return false;
  if (s.project) {
    // The scope and the path may each name the project by slugs or by ids: compared as the project they name.
    const [ws, ref] = s.project.split('/') as [string, string];
    const wanted = projectOf(ws, ref) ?? s.project;
    const named = PROJECT_PATH.exec(pathname);
    const api =
      named !== null &&
      (projectOf(decoded(named[1]!), decoded(named[2]!)) ?? `${decoded(named[1]!)}/${decoded(named[2]!)}`) === wanted;
    const slug = wanted.split('/')[1]!;
    if (!api && !pathname.startsWith(`/_storage/exports/${encodeURIComponent(slug)}-reg_`)) return false;
  }
  if (s.release) {
    if (pathname === `/_storage/releases/${encodeURIComponent(`${s.release}.zip`)}`) return true;
    if (operationOf(method, pathname) !== 'checkDistribution' || !answer) return false;
    return releaseOf(answer) === s.release;
  }
  return true;
}

/**
 * The release a CDN check's answer names.
 *
 * @example releaseOf(checkAnswer) // 'rel_42'
 */
export function releaseOf(answer: Response): string | undefined {
  const body = keptAnswerOf(answer)?.body;
  if (answer.status !== 200 || typeof body !== 'string') return undefined;
  try {
    return (JSON.parse(body) as { distributionReleaseId?: string }).distributionReleaseId;
  } catch {
    return undefined;
  }
}
