// Regenerates the README's screenshots (docs/jungle-explorer.png, docs/uttt.png,
// the pieces in English and Chinese at a desktop's and a phone's size:
// docs/jungle-zh.png, docs/jungle-phone-en.png, docs/dobutsu-en.png,
// docs/dobutsu-phone-zh.png; the review panel, docs/review.png; a puzzle,
// docs/puzzles.png; and docs/dobutsu.png when DOBUTSU_TABLES=DIR
// names dōbutsu shōgi's tables) from the real server:
// `node take-screenshots.mjs TABLEBASE_DIR OUTPUT_DIR`
// (a 3-piece Jungle tablebase: `gamesolver tablebase build jungle --max-pieces 3`).
import { resolve } from "node:path";
import { startBrowser, startServer } from "./harness.mjs";

const DESKTOP = { width: 1000, height: 760 };
const PHONE = { width: 390, height: 844 };

/** The game page `path` in `lang` at `viewport`, after `prepare(page)`, saved as OUTPUT/`name`. */
async function shoot(page, url, { name, lang, viewport, prepare = async () => {} }) {
  await page.setViewportSize(viewport);
  await page.goto(url);
  await page.locator("#language").selectOption(lang);
  await page.locator("#board .piece").first().waitFor();
  await page.locator("#status").filter({ hasText: /\S/ }).waitFor();
  await prepare(page);
  await page.screenshot({ path: resolve(output, name) });
}

const [tables, output = "../../../docs"] = process.argv.slice(2);
if (!tables) throw new Error("usage: node take-screenshots.mjs TABLEBASE_DIR [OUTPUT_DIR]");
const server = await startServer(["--tablebase", tables]);
const browser = await startBrowser();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.goto(`${server.url}/game/jungle?position=${encodeURIComponent("L6/1e5/7/7/C6/7/7/7/7 w")}`);
  await page.locator("#tb-value").waitFor();
  await page.locator('#board [data-square="a9"]').click();
  await page.screenshot({ path: resolve(output, "jungle-explorer.png") });

  await page.goto(`${server.url}/game/uttt`);
  await page.locator("#movetime").selectOption("1000");
  for (const [cell, replies] of [[40, 2], [null, 4]]) {
    const target = cell === null
      ? page.locator("#board button:not([disabled])").first()
      : page.locator(`#board button[data-cell="${cell}"]`);
    await target.click();
    await page.locator("#move-list li").nth(replies - 1).waitFor({ timeout: 15000 });
  }
  await page.locator("#status", { hasText: "you" }).waitFor();
  await page.screenshot({ path: resolve(output, "uttt.png") });

  // After the engine's first analysis line, a piece's moves shown.
  const click = (square) => async (p) => {
    await p.locator("#pv").filter({ hasText: /\S/ }).waitFor({ timeout: 15000 });
    await p.locator(`#board [data-square="${square}"]`).click();
  };
  await shoot(page, `${server.url}/game/jungle`, { name: "jungle-zh.png", lang: "zh", viewport: DESKTOP, prepare: click("c3") });
  await shoot(page, `${server.url}/game/jungle`, { name: "jungle-phone-en.png", lang: "en", viewport: PHONE });
  await shoot(page, `${server.url}/game/dobutsu?position=${encodeURIComponent("gle/1c1/3/EL1 b Cg")}`,
    { name: "dobutsu-en.png", lang: "en", viewport: DESKTOP, prepare: click("b1") });
  await shoot(page, `${server.url}/game/dobutsu`, { name: "dobutsu-phone-zh.png", lang: "zh", viewport: PHONE });
  await page.locator("#language").selectOption("en");

  // The review panel after an exact review of a short tic-tac-toe game
  // (its graph, the blunder marked, each side's accuracy).
  await page.setViewportSize({ width: 1000, height: 1100 });
  await page.goto(`${server.url}/game/tictactoe`);
  await page.locator("#board button").first().waitFor();
  await page.locator("#review-text").fill('[Game "tictactoe"]\n\n1. 0 4 2. 8 2 *\n');
  await page.locator("#review-load").click();
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 4);
  await page.locator("#review-run").click();
  await page.locator("#review-graph svg").waitFor();
  await page.locator("#review-panel").screenshot({ path: resolve(output, "review.png") });

  // A Jungle puzzle from the tables, its hint shown.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${server.url}/game/jungle/puzzles?seed=7`);
  await page.locator("#counter").filter({ hasText: /1/ }).waitFor();
  await page.locator("#hint").click();
  await page.locator("#board .hint").waitFor();
  await page.screenshot({ path: resolve(output, "puzzles.png") });
} finally {
  await browser.close();
  await server.stop();
}

if (process.env.DOBUTSU_TABLES) {
  const dobutsu = await startServer(["--tablebase", process.env.DOBUTSU_TABLES]);
  const again = await startBrowser();
  try {
    const page = await again.context.newPage();
    await page.setViewportSize({ width: 1000, height: 760 });
    await page.goto(`${dobutsu.url}/game/dobutsu`);
    await page.locator("#side").selectOption("second");
    await page.locator("#move-list li").first().waitFor();
    await page.locator("#tb-value", { hasText: "gote win" }).waitFor();
    await page.locator('#board [data-square="b3"]').click();
    await page.screenshot({ path: resolve(output, "dobutsu.png") });
  } finally {
    await again.close();
    await dobutsu.stop();
  }
}
