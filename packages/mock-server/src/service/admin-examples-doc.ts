// The control API's examples as docs/mock-server.md shows them: made from the OpenAPI document's examples
// (admin-openapi.ts), which a test sends to a real mock, so the page cannot drift from what the mock does.
// `loc-mock admin-openapi --markdown` prints it; a test compares it with the page.
import { buildAdminOpenApi } from './admin-openapi';

/** Arrays longer than one item are shown by their first, and how many more: the page stays readable. */
function shortened(value: unknown): unknown {
  if (Array.isArray(value))
    return value.length > 1 ? [shortened(value[0]), `… ${value.length - 1} more`] : value.map(shortened);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
  return value;
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: { '200': { content: { 'application/json': { example?: unknown } } } };
}

/**
 * Each control's request and answer, as Markdown.
 *
 * @example adminExamplesMarkdown().startsWith('####') // true
 */
export function adminExamplesMarkdown(): string {
  const doc = buildAdminOpenApi();
  const parts: string[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Operation;
      const params = Object.fromEntries((op.parameters ?? []).map((p) => [p.name, p.example]));
      const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.example !== undefined);
      const target =
        path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(String(params[n]))) +
        (query.length ? `?${query.map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`).join('&')}` : '');
      const body = op.requestBody?.content['application/json'].example;
      const request = [
        `${method.toUpperCase()} ${target} HTTP/1.1`,
        'Host: 127.0.0.1:4010',
        ...(body === undefined ? [] : ['Content-Type: application/json', '', JSON.stringify(body)]),
      ];
      const answer = JSON.stringify(shortened(op.responses['200'].content['application/json'].example), null, 2);
      parts.push(
        `#### \`${op.operationId}\`: \`${method.toUpperCase()} ${path}\`\n\n\`\`\`http\n${request.join('\n')}\n\`\`\`\n\n\`\`\`json\n${answer}\n\`\`\``,
      );
    }
  return `${parts.join('\n\n')}\n`;
}
