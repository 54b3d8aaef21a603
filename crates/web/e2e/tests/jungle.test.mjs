// Jungle: the board, click-to-see-targets, playing the engine, the piece
// styles (drawings, letters, 汉字), pasting a FEN and exploring the
// tablebase; the stats page.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { buildTablebase, cli, setUp, withPage } from "../harness.mjs";

let tables;
const shared = setUp(() => {
  tables = buildTablebase();
  return ["--tablebase", tables];
});
after(() => { if (tables) rmSync(tables, { recursive: true, force: true }); });

const square = (page, name) => page.locator(`#board [data-square="${name}"]`);
const ENDGAME = "7/7/7/7/7/7/1c5/7/E6 w"; // elephant against cat, bottom to move

test("the board has water, traps, dens and sixteen pieces; a click shows the targets", async () => {
  await withPage(shared.browser, "jungle-board", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle`);
    await square(page, "g3").waitFor();
    assert.equal(await page.locator("#board .sq.water").count(), 12);
    assert.equal(await page.locator("#board .sq.trap").count(), 6);
    assert.equal(await page.locator("#board .sq.den").count(), 2);
    assert.equal(await page.locator("#board .piece").count(), 16);
    const legal = await (await page.request.post(`${shared.server.url}/api/legal-moves`, { data: { game: "jungle" } })).json();
    for (const from of ["g3", "a1", "c3"]) {
      await square(page, from).click();
      const shown = await page.locator("#board .sq.target").evaluateAll((squares) => squares.map((s) => s.dataset.square).sort());
      const expected = legal.legal_moves.filter((m) => m.startsWith(from)).map((m) => m.slice(2)).sort();
      assert.deepEqual(shown, expected, `targets of ${from}`);
    }
    await page.keyboard.press("Escape");
    assert.equal(await page.locator("#board .sq.target").count(), 0);
    assert.equal(await page.locator("#board .piece svg").count(), 16, "the pieces are drawn by default");
    assert.deepEqual((await page.locator("#board .piece").allTextContents()).filter(Boolean), [], "the drawings need no letters");
    await page.locator("#pieces").selectOption("letter");
    assert.ok((await page.locator("#board .piece").allTextContents()).includes("E"));
    assert.equal(await page.locator("#board .piece svg").count(), 0);
    await page.reload();
    await square(page, "g3").waitFor();
    assert.equal(await page.locator("#pieces").inputValue(), "letter", "the piece style is remembered");
    assert.ok((await page.locator("#board .piece").allTextContents()).includes("R"));
    if (await page.locator('#pieces option[value="hanzi"]').isDisabled()) {
      // No Chinese font in this browser: the 汉字 pieces are offered disabled, with a note.
      assert.ok(await page.locator("#pieces-note").isVisible());
    } else {
      assert.ok(await page.locator("#pieces-note").isHidden());
      await page.locator("#pieces").selectOption("hanzi");
      assert.deepEqual(new Set(await page.locator("#board .piece").allTextContents()), new Set([..."象狮虎豹狼狗猫鼠"]));
    }
    await page.locator("#pieces").selectOption("drawing");
  });
});

test("a move by clicks gets the engine's reply and the engine's analysis outside the tables", async () => {
  await withPage(shared.browser, "jungle-play", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle`);
    await page.locator("#movetime").selectOption("200");
    await square(page, "g3").click();
    await square(page, "g4").click();
    await page.locator("#move-list li").nth(1).waitFor({ timeout: 15000 });
    assert.equal(await page.locator("#move-list li").first().textContent(), "g3g4");
    assert.match(await page.locator("#explorer-title").textContent(), /Engine/);
    await page.locator("#search-stats", { hasText: "depth" }).waitFor({ timeout: 15000 });
    assert.notEqual((await page.locator("#pv").textContent()).trim(), "");
  });
});

test("a pasted endgame FEN shows the tablebase: win distance, moves sorted, main line", async () => {
  await withPage(shared.browser, "jungle-tablebase", async (page) => {
    const expected = JSON.parse(cli("tablebase", "probe", "jungle", ENDGAME, "--dir", tables, "--json"));
    await page.goto(`${shared.server.url}/game/jungle`);
    await page.locator("#side").selectOption("both");
    await page.locator("#position-text").fill(ENDGAME);
    await page.locator("#set-position").click();
    await page.locator("#tb-value", { hasText: `win in ${expected.distance}` }).waitFor();
    const rows = await page.locator("#tb-moves tbody tr").evaluateAll((trs) => trs.map((tr) =>
      [tr.dataset.move, tr.children[1].textContent, Number(tr.children[2].textContent)]));
    assert.deepEqual(rows.map((r) => r[0]).sort(), expected.moves.map((m) => m.move).sort());
    const rank = ([, value, distance]) => (value === "win" ? -1000 + distance : value === "draw" ? 0 : 1000 - distance);
    for (let i = 1; i < rows.length; i += 1) assert.ok(rank(rows[i - 1]) <= rank(rows[i]), "sorted as lichess does");
    assert.equal(await page.locator("#main-line button").count(), expected.main_line.length);
    await page.locator("#main-line button").nth(2).click();
    await page.locator("#move-list li").nth(2).waitFor();
    await page.locator("#tb-value", { hasText: `loss in ${expected.distance - 3}` }).waitFor();
  });
});

test("the statistics page lists every material and opens its longest win", async () => {
  await withPage(shared.browser, "jungle-stats", async (page) => {
    const expected = JSON.parse(cli("tablebase", "stats", "--dir", tables, "--json"));
    const materials = Array.isArray(expected) ? expected : expected.materials;
    await page.goto(`${shared.server.url}/game/jungle/stats`);
    await page.locator("#stats-table tbody tr").first().waitFor();
    assert.equal(await page.locator("#stats-table tbody tr").count(), materials.length);
    const row = page.locator('#stats-table tr[data-material="E-c"]');
    const longest = Number(await row.locator("td").nth(7).textContent());
    await row.locator("a").click();
    await page.waitForURL(/\/game\/jungle\?position=/);
    await page.locator("#tb-value", { hasText: `in ${longest}` }).waitFor();
  });
});
