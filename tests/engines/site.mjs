// The built site (dist/) served to Firefox and WebKit as a static host serves
// it, with two additions of the test's own:
//
// * every HTML page gets a watcher of the page's errors as its first script
//   (uncaught errors, rejected promises, console.error: window.castlingLaneErrors),
//   since WebKit's driver offers no console. The service worker's list of
//   hashes is mended to match, so it installs and precaches as it would;
// * /lane-frame.html draws the page in an iframe of a given size: WebKitGTK's
//   window is never narrower than 447 px, and a phone is 360-390.
//
// stop() and start() again on the same port: offline play with the server gone.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

// (CASTLING_DIST: another build, as a benchmark may measure.)
export const DIST = process.env.CASTLING_DIST ?? fileURLToPath(new URL("../../dist/", import.meta.url));

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
  ".svg": "image/svg+xml", ".png": "image/png", ".zip": "application/zip",
  ".webmanifest": "application/manifest+json", ".py": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8", ".bin": "application/octet-stream",
};

const WATCHER = `<script>(() => {
  const seen = window.castlingLaneErrors = [];
  addEventListener("error", (event) => seen.push("error: " + (event.message || event.target?.src || event.type)), true);
  addEventListener("unhandledrejection", (event) => seen.push("rejection: " + String(event.reason)));
  const said = console.error.bind(console);
  console.error = (...parts) => { seen.push("console.error: " + parts.map(String).join(" ")); said(...parts); };
})();</script>`;

// A page at a phone's size in any engine: /lane-frame.html?width=390&height=844#/martha/3
// draws index.html#/martha/3 in an iframe of that size.
const FRAME = () => `<!doctype html><meta charset="utf-8">${WATCHER}<style>html,body{margin:0}iframe{border:0;display:block}</style>
<iframe id="lane-frame"></iframe><script>
const asked = new URLSearchParams(location.search);
const frame = document.getElementById("lane-frame");
frame.style.width = asked.get("width") + "px";
frame.style.height = asked.get("height") + "px";
frame.src = "index.html" + location.hash;
</script>`;

const sha256 = (bytes) => "sha256-" + createHash("sha256").update(bytes).digest("base64");

/** The file at ``path`` as served: pages with the watcher, sw.js with their hashes. */
async function served(path) {
  const bytes = await readFile(join(DIST, path));
  if (path.endsWith(".html")) {
    const text = bytes.toString("utf-8");
    const at = text.indexOf("<head>") + "<head>".length;
    return Buffer.from(text.slice(0, at) + WATCHER + text.slice(at));
  }
  if (path === "sw.js") {
    mended ??= mendedWorker(bytes.toString("utf-8"));
    return mended;
  }
  return bytes;
}

// sw.js as served, made once: its pages' hashes are those of the pages as served.
let mended = null;

async function mendedWorker(text) {
  for (const [, file, hash] of text.matchAll(/"\.\/([^"]+\.html)": "(sha256-[^"]+)"/g)) {
    text = text.replace(hash, sha256(await served(file)));
  }
  return Buffer.from(text);
}

// When the build was written: the files' Last-Modified, so that a browser's
// HTTP cache revalidates them as a static host lets it (a 304, no body).
const BUILT = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString();

// While held, the runtime's WebAssembly waits to be sent (hold() and
// release()): the page before Python is up, for as long as a test looks.
let held = null;
let releaseHeld = () => {};

async function answer(request, response, extra) {
  let path = decodeURIComponent(new URL(request.url, "http://x").pathname).slice(1);
  if (held && path.endsWith("pyodide.asm.wasm")) {
    await held;
  }
  if (path === "" || path.endsWith("/")) {
    path += "index.html";
  }
  if (path === "lane-frame.html") {
    response.writeHead(200, { "Content-Type": TYPES[".html"] });
    response.end(FRAME());
    return;
  }
  if (extra[path]) {
    response.writeHead(200, { "Content-Type": extra[path].type, "Content-Length": extra[path].body.length });
    response.end(extra[path].body);
    return;
  }
  if (request.headers["if-modified-since"] === BUILT) {
    response.writeHead(304).end();
    return;
  }
  if (normalize(path).startsWith("..")) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await served(path);
    response.writeHead(200, { "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
                              "Content-Length": body.length, "Cache-Control": "no-cache",
                              "Last-Modified": BUILT });
    response.end(request.method === "HEAD" ? undefined : body);
  } catch {
    response.writeHead(404).end();
  }
}

/** The site on a free port of 127.0.0.1: {url, stop(), start(), hold(), release()}; ``extra``: more
 * files, path -> {body, type} (a benchmark's anchor page). */
export async function serveSite(extra = {}) {
  let server = null;
  let port = 0;
  const start = () => new Promise((listening) => {
    server = createServer((request, response) => {
      answer(request, response, extra).catch(() => response.destroy());
    });
    server.listen(port, "127.0.0.1", () => {
      port = server.address().port;
      listening();
    });
  });
  const stop = () => new Promise((closed) => {
    server.closeAllConnections();
    server.close(() => closed());
  });
  await start();
  const hold = () => {
    held ??= new Promise((done) => { releaseHeld = done; });
  };
  const release = () => {
    releaseHeld();
    held = null;
  };
  return { url: `http://127.0.0.1:${port}/`, start, stop, hold, release };
}
