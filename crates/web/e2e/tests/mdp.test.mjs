// MDP: solve tic-tac-toe against a fixed opponent, see the trace plotted,
// exact fractions on the board and the optimal move.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, withPage } from "../harness.mjs";

const shared = setUp();

test("X against random: optimum 191/192, the trace plotted, fractions on the board", async () => {
  await withPage(shared.browser, "mdp-solve", async (page) => {
    await page.goto(`${shared.server.url}/game/tictactoe/mdp`);
    await page.locator("#optimum", { hasText: "191/192" }).waitFor({ timeout: 20000 });
    const points = (await page.locator("#chart svg polyline").getAttribute("points")).trim().split(/\s+/);
    assert.ok(points.length >= 2, "the trace has points");
    await page.locator("#board button.best").first().waitFor();
    const labels = await page.locator("#board button .frac").allTextContents();
    assert.equal(labels.length, 9, "every empty cell has a value");
    assert.ok(labels.every((label) => /^-?\d+(\/\d+)?$/.test(label)), `exact fractions: ${labels}`);
    await page.locator("#board button.best").first().click();
    await page.waitForFunction(() => [...document.querySelectorAll("#board button")].filter((b) => b.textContent === "O").length === 1);
  });
});

test("Q-learning draws its trace per batch of episodes", async () => {
  await withPage(shared.browser, "mdp-qlearning", async (page) => {
    await page.goto(`${shared.server.url}/game/tictactoe/mdp`);
    await page.locator("#optimum", { hasText: "/" }).waitFor({ timeout: 20000 });
    await page.locator("#method").selectOption("q-learning");
    await page.locator("#episodes").fill("5000");
    await page.locator("#solve").click();
    await page.locator("#trace-title", { hasText: "batch" }).waitFor({ timeout: 30000 });
    assert.ok((await page.locator("#chart svg polyline").getAttribute("points")).length > 0);
  });
});
