/**
 * /api/docs: an API reference that works offline (no CDN). The page loads /api/docs/app.js (a
 * separate file so the CSP can stay script-src 'self'), which renders /api/openapi.json.
 */
export const DOCS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#1a1a2e}
h1{font-size:1.5rem}.op{border:1px solid #ddd;border-radius:6px;margin:.75rem 0;padding:.5rem .75rem}
.m{display:inline-block;min-width:4.5em;font-weight:700;text-transform:uppercase}.get{color:#1f8a4c}.post{color:#1d4ed8}
.put,.patch{color:#b45309}.delete{color:#b91c1c}code{font-size:13px}pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:12px}
summary{cursor:pointer}.tag{font-size:1.1rem;margin-top:2rem;border-bottom:1px solid #eee}</style></head>
<body><h1>Portal API</h1><p>OpenAPI document: <a href="/api/openapi.json">/api/openapi.json</a></p><div id="root">Loading…</div>
<script src="/api/docs/app.js"></script></body></html>`;

export const DOCS_JS = `(async function () {
  var root = document.getElementById('root');
  var doc = await (await fetch('/api/openapi.json')).json();
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function resolve(s) { var seen = 0; while (s && s.$ref && seen++ < 10) { s = doc.components.schemas[s.$ref.split('/').pop()]; } return s; }
  function pre(obj) { return el('pre', null, JSON.stringify(obj, function (k, v) { return v && v.$ref ? resolve(v) : v; }, 2)); }
  var byTag = {};
  Object.keys(doc.paths).sort().forEach(function (p) {
    Object.keys(doc.paths[p]).forEach(function (m) {
      var op = doc.paths[p][m]; var tag = (op.tags || ['other'])[0];
      (byTag[tag] = byTag[tag] || []).push({ path: p, method: m, op: op });
    });
  });
  root.textContent = '';
  Object.keys(byTag).sort().forEach(function (tag) {
    root.appendChild(el('h2', 'tag', tag));
    byTag[tag].forEach(function (x) {
      var d = el('details', 'op'); var s = el('summary');
      s.appendChild(el('span', 'm ' + x.method, x.method)); s.appendChild(el('code', null, x.path));
      s.appendChild(document.createTextNode(' — ' + (x.op.summary || ''))); d.appendChild(s);
      if (x.op.description) d.appendChild(el('p', null, x.op.description));
      if (x.op.parameters) { d.appendChild(el('h4', null, 'Parameters')); d.appendChild(pre(x.op.parameters)); }
      var body = x.op.requestBody && x.op.requestBody.content && x.op.requestBody.content['application/json'];
      if (body) { d.appendChild(el('h4', null, 'Request body')); d.appendChild(pre(body.schema)); }
      Object.keys(x.op.responses || {}).forEach(function (code) {
        var r = x.op.responses[code]; d.appendChild(el('h4', null, code + ' ' + (r.description || '')));
        var c = r.content && (r.content['application/json'] || r.content[Object.keys(r.content)[0]]);
        if (c && c.schema) d.appendChild(pre(c.schema));
      });
      root.appendChild(d);
    });
  });
})();`;
