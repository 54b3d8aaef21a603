// Shared set-up of the end-to-end tests: the real `gamesolver serve` binary
// on a free loopback port (with a small Jungle tablebase it builds first),
// and Debian's headless chromium driven by playwright-core.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const BINARY = process.env.GAMESOLVER_BIN || resolve(here, "../../../target/debug/gamesolver");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SCREENSHOTS = resolve(here, "screenshots");
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Runs the CLI and returns its standard output. */
export function cli(...args) {
  return execFileSync(BINARY, args, { encoding: "utf8" });
}

/** Starts `gamesolver serve --port 0 …`; resolves to { url, stop() } once it listens. */
export function startServer(extraArgs = []) {
  const server = spawn(BINARY, ["serve", "--port", "0", ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  server.stderr.on("data", (chunk) => { stderr += chunk; });
  return new Promise((resolvePromise, reject) => {
    let stdout = "";
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s: ${stdout}${stderr}`)), 20000);
    server.on("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    server.stdout.on("data", (chunk) => {
      stdout += chunk;
      const match = stdout.match(/listening on (http:\/\/[^\s/]+)\//);
      if (!match) return;
      clearTimeout(timer);
      resolvePromise({
        url: match[1],
        /** Sends SIGINT (Ctrl-C) and resolves to the exit code. */
        stop: () => new Promise((done) => {
          server.removeAllListeners("exit");
          server.on("exit", (code, signal) => done(code ?? signal));
          server.kill("SIGINT");
        }),
      });
    });
  });
}

/** Builds a 2-piece Jungle tablebase in a temporary folder; returns the folder. */
export function buildTablebase() {
  const dir = mkdtempSync(join(tmpdir(), "gamesolver-e2e-tb-"));
  cli("tablebase", "build", "jungle", "--max-pieces", "2", "--dir", dir, "--quiet");
  return dir;
}

/** Starts chromium with a fresh profile (browser language `locale`, English by default); resolves to { context, close() }. */
export async function startBrowser({ locale = "en-US" } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "gamesolver-e2e-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    locale,
    viewport: { width: 1100, height: 900 },
  });
  return {
    context,
    close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); },
  };
}

/** Words a page shows only by mistake (a value printed that was never set). */
const STRAY = /\b(null|undefined|NaN)\b/;

/**
 * Runs in the page before its scripts: records every text that ever shows
 * a stray word (a text node added or changed, outside scripts and styles),
 * so a word shown for a moment and replaced is caught too.
 */
function watchStrayText() {
  const stray = /\b(null|undefined|NaN)\b/;
  window.__strayText = [];
  const code = (parent) => parent instanceof Element && parent.closest("script, style");
  const check = (text) => { if (stray.test(text)) window.__strayText.push(text.slice(0, 120)); };
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { check(node.data); return; }
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (!code(walker.currentNode.parentElement)) check(walker.currentNode.data);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      // The text as it was shown, even if it has changed or gone since.
      if (record.type === "characterData") {
        if (!code(record.target.parentElement)) { check(record.oldValue || ""); check(record.target.data); }
      } else if (!code(record.target)) {
        for (const added of record.addedNodes) walk(added);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, characterDataOldValue: true });
}

/**
 * Throws if the page's visible text (`document.body.innerText`) has a stray
 * "null", "undefined" or "NaN", or if one was shown since the page loaded.
 */
export async function assertNoStrayText(page, after = "") {
  const { text, seen } = await page.evaluate(() => ({ text: document.body ? document.body.innerText : "", seen: window.__strayText || [] }));
  const match = text.match(STRAY);
  const where = after ? ` after ${after}` : "";
  if (match) {
    const at = text.indexOf(match[0]);
    throw new Error(`the page shows a stray ${JSON.stringify(match[0])}${where}: …${text.slice(Math.max(0, at - 60), at + 20)}…`);
  }
  if (seen.length) throw new Error(`the page showed a stray word${where}: ${JSON.stringify(seen[0])}`);
}

/** The page's and locators' methods after which the text is checked: the visitor's actions and the waits for the page. */
const ACTIONS = new Set(["goto", "reload", "goBack", "click", "dblclick", "fill", "press", "type", "check", "uncheck",
  "setChecked", "selectOption", "setViewportSize", "waitFor", "waitForURL", "waitForFunction"]);
/** The methods that give another locator (guarded in turn). */
const LOCATORS = new Set(["locator", "first", "last", "nth", "filter", "getByRole", "getByText", "getByLabel", "getByTitle"]);

/**
 * `target` (a page, a locator or the keyboard) whose every action is
 * followed by the stray-text check of `page`; the locators it gives are
 * guarded too. Everything else passes through unchanged.
 */
function guarded(target, page) {
  return new Proxy(target, {
    get(object, name) {
      const value = Reflect.get(object, name, object);
      if (name === "keyboard" || name === "mouse") return guarded(value, page);
      if (typeof value !== "function") return value;
      if (ACTIONS.has(name)) {
        return async (...args) => {
          const result = await value.apply(object, args);
          await assertNoStrayText(page, `${name}(${args.length && typeof args[0] !== "function" ? JSON.stringify(args[0]).slice(0, 80) : ""})`);
          return result;
        };
      }
      if (LOCATORS.has(name)) return (...args) => guarded(value.apply(object, args), page);
      return value.bind(object);
    },
  });
}

/**
 * One browser test: a new page (failing on any script error) given to
 * `body(page)` guarded so that after every action (goto, click, fill,
 * press, select, check, and every wait) the page's text is checked for a
 * stray "null"/"undefined"/"NaN" (`assertNoStrayText`), and once more at
 * the end; a screenshot in e2e/screenshots/NAME.png when it fails.
 */
export async function withPage(browser, name, body) {
  const page = await browser.context.newPage();
  await page.addInitScript(watchStrayText);
  const scriptErrors = [];
  page.on("pageerror", (error) => scriptErrors.push(error.message));
  try {
    await body(guarded(page, page));
    if (scriptErrors.length) throw new Error(`script errors: ${scriptErrors.join("; ")}`);
    await assertNoStrayText(page, "the test");
  } catch (error) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = join(SCREENSHOTS, `${name}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => {});
    error.message += ` (screenshot: ${path})`;
    throw error;
  } finally {
    await page.close();
  }
}

/**
 * Registers before/after hooks that start a server (with `serverArgs()`,
 * called in the hook) and a browser; returns { server, browser }, filled in
 * before the first test.
 */
export function setUp(serverArgs = () => []) {
  const shared = { server: null, browser: null };
  before(async () => {
    shared.server = await startServer(serverArgs());
    shared.browser = await startBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    if (shared.server) await shared.server.stop();
  });
  return shared;
}
