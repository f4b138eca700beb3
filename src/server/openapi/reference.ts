import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from '../http/security';
/** A self-contained HTML reference of the OpenAPI document (the network may be closed: no CDN, no script). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks the generated OpenAPI document, whose shape varies per node
type Json = Record<string, any>;

const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const pretty = (schema: unknown) => `<pre>${esc(JSON.stringify(schema, null, 2))}</pre>`;

function operationHtml(path: string, method: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td><td>${esc(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses as Json)
    .map(([status, r]: [string, Json]) => {
      const content = r.content && (Object.values(r.content)[0] as Json).schema;
      return `<details><summary><b>${esc(status)}</b> ${esc(r.description)}</summary>${content ? pretty(content) : ''}</details>`;
    })
    .join('');
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  return `<section id="${esc(id)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p><b>${esc(op.summary)}</b></p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${params.length ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th><th>Notes</th></tr>${paramRows}</table>` : ''}
${body ? `<details open><summary>Request body (application/json)</summary>${pretty(body)}</details>` : ''}
<h4>Responses</h4>${responses}</section>`;
}

// The page's only style, inline so the page is one self-contained answer; the CSP admits exactly it by hash.
const REFERENCE_CSS = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:320px 1fr;color:#1d2330}
nav{position:sticky;top:0;height:100vh;overflow:auto;background:#f4f6fa;padding:16px;box-sizing:border-box;border-right:1px solid #dde2ea}
nav ul{list-style:none;padding:0;margin:0}nav li{margin:4px 0}nav a{color:inherit;text-decoration:none;font-size:13px}
main{padding:24px 40px;max-width:1000px}section{border-top:1px solid #dde2ea;padding:12px 0}
.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;font-weight:600;padding:1px 6px}
.get{background:#2f6fdb}.post{background:#1f8a4c}.put{background:#b7791f}.delete{background:#c53030}
pre{background:#f4f6fa;padding:10px;overflow:auto;font-size:12px;border-radius:4px}table{border-collapse:collapse;font-size:13px}
td,th{border:1px solid #dde2ea;padding:4px 8px;text-align:left;vertical-align:top}
`;

/** The app's policy with `style-src` narrowed to this page's inline stylesheet. */
export const REFERENCE_CSP = CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  `style-src 'sha256-${createHash('sha256').update(REFERENCE_CSS).digest('base64')}'`,
);

export function renderReference(doc: Json): string {
  const ops: string[] = [];
  const toc: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(methods as Json)) {
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
      toc.push(`<li><a href="#${esc(id)}"><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> ${esc(path)}</a></li>`);
      ops.push(operationHtml(path, method, op as Json));
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} – API reference</title>
<style>${REFERENCE_CSS}</style></head><body><nav><h2>${esc(doc.info.title)}</h2><p><a href="/api/openapi.json">openapi.json</a> (needs the API key)</p><ul>${toc.join('')}</ul></nav>
<main><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>${esc(doc.info.description)}</p>
<p>Every <code>/api</code> request carries <code>Authorization: Bearer &lt;API_KEY&gt;</code>. Errors are <code>application/problem+json</code>.</p>
${ops.join('\n')}</main></body></html>`;
}
