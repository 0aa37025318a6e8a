// Runs the table page's scripts (eighthalf/server/static: those table.html loads, in its order) in
// Node with a stub DOM, and feeds it the frames of a real table (a JSON file of frame texts): prints "ok",
// with the number of states rendered, or the first error the page's code throws. The page's requests
// (the games' list, the game's board script) go to the real server at SERVER_URL.
// Usage: node page_harness.js STATIC_DIR FRAMES.json SERVER_URL
// The page's module scripts (table.js, and the client.js it imports) run as vm modules: the harness
// runs itself again with --experimental-vm-modules where Node needs it.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");

if (!vm.SourceTextModule) {
  const again = require("child_process").spawnSync(
    process.execPath, ["--experimental-vm-modules", "--no-warnings", ...process.argv.slice(1)], { stdio: "inherit" },
  );
  process.exit(again.status === null ? 1 : again.status);
}

const [staticDir, framesPath, server] = process.argv.slice(2);
const frames = JSON.parse(fs.readFileSync(framesPath, "utf8"));

// An element that takes any property and any call, and holds no children worth reading.
function element() {
  const target = function () {};
  const own = { children: [], classList: { add() {}, remove() {}, toggle() {} }, dataset: {},
    style: { setProperty() {}, removeProperty() {} } }; // CSS variables (table.js sets --fresh-mark)
  return new Proxy(target, {
    get(_, key) {
      if (key in own) return own[key];
      if (key === Symbol.toPrimitive) return () => "";
      if (key === Symbol.iterator) return [][Symbol.iterator];
      if (key === "value" || key === "textContent") return own[key] || "";
      if (key === "querySelectorAll") return () => [];
      return element();
    },
    set(_, key, value) {
      own[key] = value;
      return true;
    },
    apply() {
      return element();
    },
  });
}

const elements = new Map();
let listeners = [];
const sockets = [];
const context = {
  console,
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  URLSearchParams,
  URL,
  location: {
    pathname: `/table/${frames.table}`,
    host: "localhost",
    protocol: "http:",
    hash: "",
    search: "",
    origin: "http://localhost",
    href: `http://localhost/table/${frames.table}`,
  },
  history: { replaceState() {} },
  localStorage: { getItem: () => null, setItem() {}, removeItem() {} },
  // the pages' catalogue (GET /api/i18n) answers English; any other request goes to the server
  fetch: (url, options) => (String(url).startsWith("/api/i18n")
    ? Promise.resolve({ ok: true, json: async () => ({ lang: "en", messages: {} }) })
    : fetch(server + url, options)),
  window: { addEventListener() {} },
  HTMLInputElement: class {},
  HTMLTextAreaElement: class {},
  HTMLSelectElement: class {},
  Element: class {},
  navigator: {},
  document: {
    title: "",
    body: { dataset: { renders: "0" } },
    getElementById(id) {
      if (!elements.has(id)) elements.set(id, element());
      return elements.get(id);
    },
    documentElement: element(),
    querySelector: () => null,
    querySelectorAll: () => [],
    activeElement: null,
    createElement: () => element(),
    // a script the page adds (a game's board): fetched from the server and run in the page's context
    head: {
      append(node) {
        fetch(server + node.src).then((answer) => {
          if (!answer.ok) throw new Error(`${node.src}: ${answer.status}`);
          return answer.text();
        }).then((code) => {
          vm.runInContext(code, context, { filename: node.src });
          node.onload();
        }, (error) => node.onerror(error));
      },
    },
    createTextNode: () => element(),
    addEventListener(kind, listener) {
      if (kind === "DOMContentLoaded") listeners.push(listener);
    },
  },
  WebSocket: class {
    constructor() {
      this.readyState = 1;
      sockets.push(this);
    }
    send() {}
    close() {}
  },
};
context.WebSocket.OPEN = 1;
vm.createContext(context);
const page = fs.readFileSync(path.join(staticDir, "table.html"), "utf8");
const scripts = [...page.matchAll(/<script( type="module")? src="\/static\/([\w.-]+\.js)"/g)]
  .map((match) => ({ module: Boolean(match[1]), name: match[2] }));
if (!scripts.some((script) => script.name === "table.js")) throw new Error(`table.html loads no table.js: ${scripts}`);
const modules = new Map(); // a static file's name -> its module, in the page's context
function module(name) {
  if (!modules.has(name)) {
    const code = fs.readFileSync(path.join(staticDir, name), "utf8");
    modules.set(name, new vm.SourceTextModule(code, { context, identifier: name }));
  }
  return modules.get(name);
}
(async () => {
  try {
    for (const script of scripts) {  // in the page's order (module scripts are deferred, as the others are)
      if (!script.module) {
        vm.runInContext(fs.readFileSync(path.join(staticDir, script.name), "utf8"), context, { filename: script.name });
        continue;
      }
      const loaded = module(script.name);
      await loaded.link((specifier) => module(path.posix.basename(specifier)));
      await loaded.evaluate();
    }
    for (const listener of listeners) await listener();
    listeners = [];
    await new Promise((resolve) => setImmediate(resolve)); // the page's start, once its language is in
    if (!sockets.length) throw new Error("the page opened no websocket");
    for (const text of frames.texts) sockets[sockets.length - 1].onmessage({ data: text });
    await vm.runInContext("eighthalf.settled()", context); // every frame handled, in order
    console.log(`ok: ${context.document.body.dataset.renders} renders`);
  } catch (error) {
    console.log(`${error.name}: ${error.message}`);
    if (process.env.HARNESS_STACK) console.log(error.stack);
  }
})();
