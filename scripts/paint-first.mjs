// Paint first, then load the application's JavaScript (docs/decisions/0015-paint-first.md).
//
// Next puts every framework chunk in the page as `<script src async>`, and a preload for the
// bootstrap chunk. The browser fetches them while it is still parsing, and an async script runs
// as soon as it arrives, so on a slow phone the chunks compete with the HTML for the network and
// their evaluation can run before the first paint. Here, on the way out of the server, those tags
// become inert placeholders, and a small loader in <head> turns them back into async scripts once
// the browser reports its first contentful paint. Nothing else about the page changes: the chunks
// were async (order-free) already, and React finds the scripts it rendered by their src.

/** The loader: on first contentful paint, or at once when there is no paint to wait for. */
export const PAINT_FIRST_LOADER =
  '<script>(function(){var d=document,started=false;' +
  'function load(){d.querySelectorAll("script[data-paint-first]").forEach(function(p){' +
  'var u=p.getAttribute("data-paint-first");p.removeAttribute("data-paint-first");' +
  "if(d.querySelector('script[src=\"'+u+'\"]'))return;" +
  'var s=d.createElement("script");s.src=u;s.async=true;d.head.appendChild(s)})}' +
  'function start(){if(started)return;started=true;load();' +
  'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",load)}' +
  // Nothing to wait for: a page that is not shown, or Next's error shell (its body is empty until
  // the client renders, so it has no contentful paint).
  'if(d.visibilityState!=="visible"||d.documentElement.id==="__next_error__"){start();return}' +
  'var P=window.PerformanceObserver;' +
  'if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0){' +
  'requestAnimationFrame(function(){setTimeout(start,0)});return}' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}})' +
  '.observe({type:"paint",buffered:true});' +
  'setTimeout(start,3000)})()</script>';

// Exactly the forms React and Next write; anything else passes through untouched (and then simply
// loads as before).
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"<>]+\.js"\/>/g;

function rewrite(html, state) {
  let out = html
    .replace(CHUNK_PRELOAD, '')
    .replace(CHUNK_SCRIPT, '<script type="text/x-paint-first" data-paint-first="$1"></script>');
  if (!state.loaderAdded) {
    const head = out.indexOf('</head>');
    if (head !== -1) {
      out = out.slice(0, head) + PAINT_FIRST_LOADER + out.slice(head);
      state.loaderAdded = true;
    }
  }
  return out;
}

/**
 * Where the text can be cut safely: before an unfinished tag, and before a `<script` whose
 * `</script>` has not arrived yet (the pattern spans the opening and the closing tag).
 */
function safeCut(text) {
  let cut = text.length;
  const lt = text.lastIndexOf('<');
  if (lt !== -1 && text.indexOf('>', lt) === -1) cut = lt;
  const script = text.lastIndexOf('<script', cut);
  if (script !== -1 && text.indexOf('</script>', script) === -1) cut = script;
  return cut;
}

/** A streaming rewriter: feed it the page in any chunks, get the rewritten page back. */
export class PaintFirstRewriter {
  #decoder = new TextDecoder('utf-8');
  #carry = '';
  #state = { loaderAdded: false };

  /** @param {Uint8Array} bytes @returns {string} */
  push(bytes) {
    const text = this.#carry + this.#decoder.decode(bytes, { stream: true });
    const cut = safeCut(text);
    this.#carry = text.slice(cut);
    return rewrite(text.slice(0, cut), this.#state);
  }

  /** @returns {string} */
  flush() {
    const text = this.#carry + this.#decoder.decode();
    this.#carry = '';
    return rewrite(text, this.#state);
  }
}

function toBuffer(chunk, encoding) {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * Rewrites the HTML pages this response carries (and nothing else). Install it before anything
 * is written: it wraps `write` and `end`, deciding on the first call by the Content-Type.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function paintFirst(req, res) {
  if (req.method !== 'GET') return;
  const write = res.write;
  const end = res.end;
  /** @type {PaintFirstRewriter | null | undefined} */
  let rewriter;
  const decide = () => {
    if (rewriter !== undefined) return rewriter;
    const type = String(res.getHeader('content-type') ?? '');
    rewriter =
      type.startsWith('text/html') && !res.getHeader('content-encoding')
        ? new PaintFirstRewriter()
        : null;
    return rewriter;
  };

  res.write = function paintFirstWrite(chunk, encoding, callback) {
    const r = decide();
    if (r === null || chunk === undefined || chunk === null) return write.apply(this, arguments);
    if (!this.headersSent) this.removeHeader('content-length');
    const cb = typeof encoding === 'function' ? encoding : callback;
    const out = r.push(toBuffer(chunk, encoding));
    if (out.length === 0) {
      if (cb) process.nextTick(cb);
      return true;
    }
    return write.call(this, out, 'utf8', cb);
  };

  res.end = function paintFirstEnd(chunk, encoding, callback) {
    const r = decide();
    if (r === null) return end.apply(this, arguments);
    let cb = callback;
    if (typeof chunk === 'function') [cb, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    const body = chunk === undefined || chunk === null ? '' : r.push(toBuffer(chunk, encoding));
    const out = body + r.flush();
    // A page sent in one piece keeps an exact Content-Length (and so its keep-alive framing).
    if (!this.headersSent) {
      if (this.getHeader('content-length') !== undefined)
        this.setHeader('content-length', Buffer.byteLength(out));
    }
    return end.call(this, out, 'utf8', cb);
  };
}
