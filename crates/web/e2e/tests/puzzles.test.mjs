// Tablebase puzzles (/game/NAME/puzzles) on a small Jungle tablebase: the
// page shows the server's seeded set; the hint outlines the piece; the
// answer played by clicks is judged solved and answered by the tables'
// longest defence; a wrong move ends the streak. The statistics page reads
// the statistics the build wrote.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { buildTablebase, setUp, withPage } from "../harness.mjs";

let tables;
const shared = setUp(() => {
  tables = buildTablebase();
  return ["--tablebase", tables];
});
after(() => { if (tables) rmSync(tables, { recursive: true, force: true }); });

const SEED = 5;
const square = (page, name) => page.locator(`#board [data-square="${name}"]`);

async function puzzleSet() {
  const answer = await fetch(`${shared.server.url}/api/games/jungle/puzzles?count=20&seed=${SEED}`);
  assert.equal(answer.status, 200);
  const set = await answer.json();
  assert.equal(set.format, "gamesolver-puzzles");
  assert.ok(set.puzzles.length > 1, "the 2-piece tables hold puzzles");
  return set;
}

test("a puzzle solved by clicks: hint, answer, the longest defence, the streak", async () => {
  const set = await puzzleSet();
  const first = set.puzzles[0];
  await withPage(shared.browser, "puzzles-solve", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle/puzzles?seed=${SEED}`);
    await page.locator("#task", { hasText: String(first.distance) }).waitFor();
    assert.match(await page.locator("#counter").textContent(), /1 of 20|1 of \d+/);
    await page.locator("#hint").click();
    await page.locator("#board .hint").waitFor();
    assert.equal(await page.locator("#board .hint").getAttribute("data-square"), first.answer.slice(0, 2));
    await square(page, first.answer.slice(0, 2)).click();
    await square(page, first.answer.slice(2, 4)).click();
    await page.locator("#verdict", { hasText: "Solved" }).waitFor();
    // A hinted puzzle does not count for the streak.
    assert.match(await page.locator("#streak").textContent(), /Streak: 0/);
    const after = await (await page.request.post(`${shared.server.url}/api/tablebase/probe`,
      { data: { game: "jungle", position: first.position, moves: [first.answer] } })).json();
    if (after.report.best.length) {
      assert.ok((await page.locator("#verdict").textContent()).includes(after.report.best[0]));
    }

    await page.locator("#next").click();
    const second = set.puzzles[1];
    await page.locator("#counter", { hasText: "2 of" }).waitFor();
    await square(page, second.answer.slice(0, 2)).click();
    await square(page, second.answer.slice(2, 4)).click();
    await page.locator("#verdict", { hasText: "Solved" }).waitFor();
    assert.match(await page.locator("#streak").textContent(), /Streak: 1/);
  });
});

test("a change of language redraws the puzzle's texts and keeps the verdict", async () => {
  const set = await puzzleSet();
  const first = set.puzzles[0];
  await withPage(shared.browser, "puzzles-language", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle/puzzles?seed=${SEED}`);
    await page.locator("#task", { hasText: String(first.distance) }).waitFor();
    await page.locator("#hint").click();
    await page.locator("#verdict", { hasText: /\S/ }).waitFor();
    await page.locator("#language").selectOption("zh");
    await page.locator("#counter", { hasText: "第 1 题" }).waitFor();
    assert.match(await page.locator("#task").textContent(), /必胜/);
    // The side, the title's game, the legend and the board's tags in Chinese too.
    assert.doesNotMatch(await page.locator("#counter").textContent(), /top|bottom/);
    assert.doesNotMatch(await page.locator("#title").textContent(), /Jungle/);
    assert.match(await page.locator("#legend").textContent(), /陷阱/);
    assert.doesNotMatch(await page.locator("#board").innerText(), /trap|den/);
    assert.match(await page.locator("#streak").textContent(), /连对/);
    assert.match(await page.locator("#title").textContent(), /[\u4e00-\u9fff]/);
    assert.doesNotMatch(await page.locator("#verdict").textContent(), /[A-Za-z]{4,}/, "the verdict in Chinese");
    assert.notEqual((await page.locator("#verdict").textContent()).trim(), "");
    await page.locator("#language").selectOption("en");
    await page.locator("#counter", { hasText: "Puzzle 1 of" }).waitFor();
  });
});

test("a wrong move is judged by the tables and ends the streak", async () => {
  const set = await puzzleSet();
  const first = set.puzzles[0];
  const legal = await (await fetch(`${shared.server.url}/api/legal-moves`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "jungle", position: first.position }),
  })).json();
  const wrong = legal.legal_moves.find((m) => m !== first.answer);
  assert.ok(wrong, "the puzzle has another move");
  await withPage(shared.browser, "puzzles-wrong", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle/puzzles?seed=${SEED}`);
    await page.locator("#task", { hasText: String(first.distance) }).waitFor();
    await square(page, wrong.slice(0, 2)).click();
    await square(page, wrong.slice(2, 4)).click();
    await page.locator("#verdict", { hasText: "is not it" }).waitFor();
    assert.ok((await page.locator("#verdict").textContent()).includes(first.answer));
    assert.match(await page.locator("#streak").textContent(), /Streak: 0/);
  });
});

test("the statistics page reads the statistics the build wrote, at once", async () => {
  const answer = await (await fetch(`${shared.server.url}/api/games/jungle/tablebase/stats`)).json();
  assert.equal(answer.ready, true);
  assert.equal(answer.done, answer.total);
  assert.ok(answer.materials.length > 0);
  await withPage(shared.browser, "puzzles-stats", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle/stats`);
    await page.locator("#stats-table tbody tr").first().waitFor();
    assert.equal(await page.locator("#stats-table tbody tr").count(), answer.materials.length);
  });
});
