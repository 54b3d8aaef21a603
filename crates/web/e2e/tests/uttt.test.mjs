// Ultimate tic-tac-toe: play the engine, watch the analysis update live,
// allowed boards and the last move highlighted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, withPage } from "../harness.mjs";

const shared = setUp();

test("the engine replies with live analysis; its move and the allowed board are highlighted", async () => {
  await withPage(shared.browser, "uttt-play", async (page) => {
    await page.goto(`${shared.server.url}/game/uttt`);
    await page.locator('#board button[data-cell="40"]').waitFor();
    assert.equal(await page.locator("#board .small.allowed").count(), 9, "free choice at the start");
    await page.locator("#movetime").selectOption("1000");
    // What the analysis showed while the engine thought: the panel is
    // cleared for the next position as soon as the reply is played, which
    // a busy machine may do before the reply is seen here.
    await page.evaluate(() => {
      window.analysisUpdates = 0;
      window.lastStats = "";
      window.lastPv = "";
      new MutationObserver(() => {
        window.analysisUpdates += 1;
        const stats = document.getElementById("search-stats").textContent;
        if (/depth \d+/.test(stats)) window.lastStats = stats;
        const pv = document.getElementById("pv").textContent.trim();
        if (pv) window.lastPv = pv;
      }).observe(document.getElementById("search-stats"), { childList: true, characterData: true, subtree: true });
    });
    await page.locator('#board button[data-cell="40"]').click();
    await page.locator("#move-list li").nth(1).waitFor({ timeout: 15000 });
    const updates = await page.evaluate(() => window.analysisUpdates);
    assert.ok(updates >= 2, `the analysis updated ${updates} times while the engine thought`);
    assert.match(await page.evaluate(() => window.lastStats), /depth \d+/);
    assert.notEqual(await page.evaluate(() => window.lastPv), "");
    const reply = Number(await page.locator("#move-list li").nth(1).textContent());
    assert.equal(Math.floor(reply / 9), 4, "X's centre move sends O to the centre board");
    assert.equal(await page.locator("#board button.last").getAttribute("data-cell"), String(reply));
    const allowed = await page.locator("#board .small.allowed").evaluateAll((boards) => boards.map((b) => b.dataset.board));
    assert.deepEqual(allowed, [String(reply % 9)]);
  });
});

test("MCTS under CodinGame's rule answers too, and undo takes back both moves", async () => {
  await withPage(shared.browser, "uttt-mcts", async (page) => {
    await page.goto(`${shared.server.url}/game/uttt`);
    await page.locator('#board button[data-cell="0"]').waitFor();
    await page.locator("#engine").selectOption("mcts");
    await page.locator("#rules").selectOption("codingame");
    await page.locator("#movetime").selectOption("100");
    await page.locator('#board button[data-cell="0"]').click();
    await page.locator("#move-list li").nth(1).waitFor({ timeout: 15000 });
    await page.locator("#status", { hasText: "X to move" }).waitFor();
    await page.locator("#undo").click();
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  });
});
