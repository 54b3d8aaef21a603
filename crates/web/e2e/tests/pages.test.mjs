// The start page and the navigation are generated from the registered
// games; every game's page loads (the generic page with the game's board)
// and fits a phone's width; the earlier per-game addresses redirect; the
// OpenAPI document is served; the server stops cleanly on Ctrl-C.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, startServer, withPage } from "../harness.mjs";

const shared = setUp();

async function registered(page) {
  return (await page.request.get(`${shared.server.url}/api/games`)).json();
}

test("the start page and the navigation link to every game's page", async () => {
  await withPage(shared.browser, "start-page", async (page) => {
    await page.goto(`${shared.server.url}/`);
    const games = await registered(page);
    assert.ok(games.length >= 4);
    await page.locator("#cards a").first().waitFor();
    await page.locator(`#nav a[href="/game/${games[0].name}"]`).waitFor();
    for (const game of games) {
      assert.equal(await page.locator(`main a[href="/game/${game.name}"]`).count(), 1, game.name);
      assert.equal(await page.locator(`#nav a[href="/game/${game.name}"]`).count(), 1, game.name);
      if (game.capabilities.mdp) assert.equal(await page.locator(`main a[href="/game/${game.name}/mdp"]`).count(), 1);
    }
    const first = games[0];
    await page.locator(`main a[href="/game/${first.name}"]`).click();
    await page.waitForURL(`${shared.server.url}/game/${first.name}`);
    // The page's script fills the title and marks the link after the load event.
    await page.locator("h1").filter({ hasText: first.title }).waitFor();
    assert.ok((await page.locator("h1").textContent()).startsWith(first.title));
    await page.locator(`#nav a[aria-current="page"]`).waitFor();
    assert.equal(await page.locator(`#nav a[aria-current="page"]`).getAttribute("href"), `/game/${first.name}`);
  });
});

test("every game's page loads its board without script errors and fits a phone-sized screen", async () => {
  await withPage(shared.browser, "phone-pages", async (page) => {
    const games = await registered(page);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [...games.map((g) => `/game/${g.name}`), ...games.filter((g) => g.capabilities.mdp).map((g) => `/game/${g.name}/mdp`)]) {
      await page.goto(`${shared.server.url}${path}`);
      await page.locator("#board button").first().waitFor();
      await page.locator("#status").filter({ hasText: /\S/ }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the screen`);
      const boardRight = await page.locator("#board").evaluate((board) => board.getBoundingClientRect().right);
      assert.ok(boardRight <= 360, `${path}: the board ends at ${boardRight}px`);
    }
  });
});

test("the earlier addresses of the pages redirect to the generic page", async () => {
  await withPage(shared.browser, "redirects", async (page) => {
    const games = await registered(page);
    for (const game of games) {
      for (const name of [game.name, ...game.aliases]) {
        await page.goto(`${shared.server.url}/${name}?position=start`);
        assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, `/game/${game.name}?position=start`);
      }
    }
    const mdp = games.find((g) => g.capabilities.mdp);
    await page.goto(`${shared.server.url}/mdp`);
    assert.equal(new URL(page.url()).pathname, `/game/${mdp.name}/mdp`);
    for (const missing of ["/chess", "/game/chess", "/game/chess/board.js"]) {
      assert.equal((await page.request.get(`${shared.server.url}${missing}`)).status(), 404, missing);
    }
  });
});

test("the OpenAPI document lists the API the pages use", async () => {
  await withPage(shared.browser, "openapi", async (page) => {
    const response = await page.request.get(`${shared.server.url}/api/openapi.json`);
    assert.equal(response.status(), 200);
    const document = await response.json();
    assert.match(document.openapi, /^3\./);
    for (const path of ["/api/games", "/api/legal-moves", "/api/play", "/api/solved", "/api/tablebase/probe", "/api/analyse", "/api/analyse/stream", "/api/engine-move", "/api/mdp/solve", "/api/tablebase/stats", "/api/games/{game}/tablebase/stats", "/api/games/{game}/puzzles"]) {
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

test("the stray-text guard fails a test on a stray word after an action, even one shown for a moment", async () => {
  // A word left in the page: caught by the check after the next action.
  await assert.rejects(withPage(shared.browser, "guard-left", async (page) => {
    await page.goto(`${shared.server.url}/`);
    await page.locator("#cards a").first().waitFor();
    await page.evaluate(() => { document.getElementById("status").textContent = "value: undefined"; });
    await page.locator("h1").click();
  }), /stray "undefined" after click/);
  // A word shown and replaced before the next action: caught by the page's watcher.
  await assert.rejects(withPage(shared.browser, "guard-moment", async (page) => {
    await page.goto(`${shared.server.url}/`);
    await page.locator("#cards a").first().waitFor();
    await page.evaluate(() => {
      const status = document.getElementById("status");
      status.textContent = "NaN nodes";
      status.textContent = "";
    });
    await page.locator("h1").click();
  }), /showed a stray word after click\(\): "NaN nodes"/);
});
