// Every page loads, the start page links to each, pages fit a phone's width,
// the OpenAPI document is served, and the server stops cleanly on Ctrl-C.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, startServer, withPage } from "../harness.mjs";

const shared = setUp();

const PAGES = [["/tictactoe", "Tic-tac-toe"], ["/uttt", "Ultimate"], ["/jungle", "Jungle"], ["/mdp", "MDP"]];

test("the start page links to every game page", async () => {
  await withPage(shared.browser, "start-page", async (page) => {
    await page.goto(`${shared.server.url}/`);
    for (const [path] of PAGES) assert.equal(await page.locator(`main a[href="${path}"]`).count(), 1, path);
    await page.locator('main a[href="/tictactoe"]').click();
    await page.waitForURL(`${shared.server.url}/tictactoe`);
    assert.match(await page.locator("h1").textContent(), /Tic-tac-toe/);
  });
});

test("every page loads without script errors and fits a phone-sized screen", async () => {
  for (const [path] of PAGES) {
    await withPage(shared.browser, `phone${path.replaceAll("/", "-")}`, async (page) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${shared.server.url}${path}`);
      await page.locator("#board button").first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the screen`);
      const boardRight = await page.locator("#board").evaluate((board) => board.getBoundingClientRect().right);
      assert.ok(boardRight <= 360, `${path}: the board ends at ${boardRight}px`);
    });
  }
});

test("the OpenAPI document lists the API the pages use", async () => {
  await withPage(shared.browser, "openapi", async (page) => {
    const response = await page.request.get(`${shared.server.url}/api/openapi.json`);
    assert.equal(response.status(), 200);
    const document = await response.json();
    assert.match(document.openapi, /^3\./);
    for (const path of ["/api/legal-moves", "/api/play", "/api/solved", "/api/tablebase/probe", "/api/analyse", "/api/analyse/stream", "/api/engine-move", "/api/mdp/solve", "/api/tablebase/stats"]) {
      assert.ok(document.paths[path], `${path} documented`);
    }
    const bad = await page.request.post(`${shared.server.url}/api/play`, { data: { game: "chess", move: "e4" } });
    assert.equal(bad.status(), 400);
    assert.equal((await bad.json()).error, "unknown_game");
  });
});

test("Ctrl-C stops the server cleanly", async () => {
  const second = await startServer();
  assert.equal(await second.stop(), 0);
});
