// Game records and the review panel: download and load a game, review it,
// see the graph and the classified moves, go to a move (desktop and phone).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, withPage } from "../harness.mjs";

const shared = setUp();

const TTT_GAME = '[Game "tictactoe"]\n\n1. 0 4 2. 8 2 *\n';

test("a pasted tic-tac-toe game is loaded, reviewed exactly and its blunder shown (phone)", async () => {
  await withPage(shared.browser, "review-ttt-phone", async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shared.server.url}/game/tictactoe`);
    await page.locator("#board button").first().waitFor();
    // Judged by the solved table alone: no search time to choose.
    assert.equal(await page.locator("#review-time").count(), 0);
    await page.locator("#review-text").fill(TTT_GAME);
    await page.locator("#review-load").click();
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 4);
    await page.locator("#review-run").click();
    await page.locator("#review-graph svg").waitFor();
    const rows = page.locator("#review-table tbody tr");
    assert.equal(await rows.count(), 4);
    assert.match(await rows.nth(3).locator(".review-class").getAttribute("class"), /blunder/);
    assert.equal(await page.locator("#review-graph circle.blunder").count(), 1);
    assert.match(await page.locator("#review-sides").textContent(), /accuracy 100\.0%/);
    await rows.nth(1).locator("button").first().click();
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 2);
    // The graph goes there too: its last point is the end of the game.
    const box = await page.locator("#review-graph svg").boundingBox();
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 4);
  });
});

test("an engine game is saved, loaded back and reviewed with progress (desktop)", async () => {
  await withPage(shared.browser, "review-uttt", async (page) => {
    await page.goto(`${shared.server.url}/game/uttt`);
    await page.locator("#side").selectOption("both");
    for (const cell of ["40", "36", "4"]) {
      await page.locator("#move-input").fill(cell);
      await page.locator("#move-input").press("Enter");
      await page.locator("#move-list li", { hasText: cell }).last().waitFor();
    }
    await page.locator("#review-download").click();
    await page.waitForFunction(() => document.querySelector("#review-text").value.includes('[Game "uttt"]'));
    const record = await page.locator("#review-text").inputValue();
    assert.match(record, /1\. 40 36 2\. 4 \*/);
    await page.locator("#new-game").click();
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
    await page.locator("#review-load").click();
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 3);
    assert.equal(await page.locator("#review-time").count(), 1, "a searched game offers the time per position");
    await page.locator("#review-run").click();
    await page.locator("#review-graph svg polyline").waitFor();
    const classes = await page.locator("#review-table .review-class").allTextContents();
    assert.equal(classes.length, 3);
    for (const c of classes) assert.ok(["best", "good", "inaccuracy", "mistake", "blunder"].includes(c), c);
    assert.match(await page.locator("#review-status").textContent(), /Reviewed 4 positions/);
  });
});
