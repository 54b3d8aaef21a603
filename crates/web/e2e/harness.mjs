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

/** Starts chromium with a fresh profile; resolves to { context, close() }. */
export async function startBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "gamesolver-e2e-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 900 },
  });
  return {
    context,
    close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); },
  };
}

/** Words a page shows only by mistake (a value printed that was never set). */
const STRAY = /\b(null|undefined|NaN)\b/;

/** Throws if the page's visible text has a stray "null", "undefined" or "NaN". */
export async function assertNoStrayText(page) {
  const text = await page.evaluate(() => document.body.innerText);
  const match = text.match(STRAY);
  if (match) {
    const at = text.indexOf(match[0]);
    throw new Error(`the page shows a stray ${JSON.stringify(match[0])}: …${text.slice(Math.max(0, at - 60), at + 20)}…`);
  }
}

/**
 * One browser test: a new page (failing on any script error), `body(page)`,
 * no stray "null"/"undefined"/"NaN" in the page's text at the end, and a
 * screenshot in e2e/screenshots/NAME.png when it fails.
 */
export async function withPage(browser, name, body) {
  const page = await browser.context.newPage();
  const scriptErrors = [];
  page.on("pageerror", (error) => scriptErrors.push(error.message));
  try {
    await body(page);
    if (scriptErrors.length) throw new Error(`script errors: ${scriptErrors.join("; ")}`);
    await assertNoStrayText(page);
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
