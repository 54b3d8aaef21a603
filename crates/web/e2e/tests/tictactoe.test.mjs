// Tic-tac-toe: play against perfect play, see every move's value, paste a position.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, withPage } from "../harness.mjs";

const shared = setUp();

const cell = (page, n) => page.locator(`#board button[data-cell="${n}"]`);

test("a click plays X, perfect play answers, and every move shows its value", async () => {
  await withPage(shared.browser, "ttt-play", async (page) => {
    await page.goto(`${shared.server.url}/game/tictactoe`);
    await page.locator("#board button.bg-draw").nth(8).waitFor();
    assert.match(await page.locator("#value-line").textContent(), /draw/);
    await cell(page, 4).click();
    await page.locator("#move-list li").nth(1).waitFor();
    await page.locator("#status", { hasText: "X to move" }).waitFor();
    const marks = await page.locator("#board button").allTextContents();
    assert.equal(marks.filter((m) => m === "O").length, 1, "the engine answered with one O");
    assert.notEqual(marks[0] + marks[2] + marks[6] + marks[8], "", "perfect play answers a centre opening in a corner");
    assert.equal(await page.locator("#board button.bg-draw").count(), 7, "seven moves left, all draws");
    await page.locator("#show-values").uncheck();
    await page.waitForFunction(() => document.querySelectorAll("#board [class*='bg-']").length === 0);
    await page.keyboard.press("u");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  });
});

test("a pasted position shows the winning move and its distance", async () => {
  await withPage(shared.browser, "ttt-paste", async (page) => {
    await page.goto(`${shared.server.url}/game/tictactoe`);
    await page.locator("#board button").first().waitFor();
    await page.locator("#side").selectOption("both");
    await page.locator("#position-text").fill("XX.OO....");
    await page.locator("#position-text").press("Enter");
    await page.locator("#value-line", { hasText: "win in 1" }).waitFor();
    assert.match(await cell(page, 2).getAttribute("class"), /bg-win/);
    assert.equal(await cell(page, 2).textContent(), "1");
    assert.match(await cell(page, 8).getAttribute("class"), /bg-loss/, "neither winning nor blocking loses");
    await cell(page, 2).focus();
    await page.keyboard.press("Enter");
    await page.locator("#status", { hasText: "X wins" }).waitFor();
  });
});

test("a reply that arrives while a position is typed leaves the typed text alone", async () => {
  await withPage(shared.browser, "ttt-typing", async (page) => {
    await page.goto(`${shared.server.url}/game/tictactoe`);
    await page.locator("#board button").first().waitFor();
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route("**/api/legal-moves", async (route) => { await held; await route.continue(); });
    const reply = page.waitForResponse("**/api/legal-moves");
    await page.locator("#side").selectOption("both"); // reloads the start position; its reply is held
    await page.locator("#position-text").fill("XX.OO....");
    release();
    await reply;
    await page.waitForTimeout(300); // time for the page to handle the reply (a wrong page would overwrite the text here)
    assert.equal(await page.locator("#position-text").inputValue(), "XX.OO....");
    await page.locator("#position-text").press("Enter");
    await page.locator("#value-line", { hasText: "win in 1" }).waitFor();
  });
});

test("playing O: perfect play opens and the per-ply table is shown", async () => {
  await withPage(shared.browser, "ttt-second", async (page) => {
    await page.goto(`${shared.server.url}/game/tictactoe`);
    await page.locator("#board button").first().waitFor();
    await page.locator("#side").selectOption("second");
    await page.locator("#move-list li").first().waitFor();
    await page.locator("#status", { hasText: "O to move" }).waitFor();
    assert.ok(await page.locator("#per-ply-table tbody tr").count() >= 1);
  });
});
