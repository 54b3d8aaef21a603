// Dōbutsu shōgi: the 3×4 board with both hands, a chick dropped from the
// hand (the engine replies), a capture going to the hand, and a try; with
// the whole game's tables (DOBUTSU_TABLES=DIR, built by the retro crate's
// `dobutsu_build` example; skipped without), perfect play and every move
// coloured by its value and distance.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, startServer, withPage } from "../harness.mjs";

const shared = setUp();

const square = (page, name) => page.locator(`#board [data-square="${name}"]`);
const legalMoves = async (page, position) =>
  (await (await page.request.post(`${shared.server.url}/api/legal-moves`, { data: { game: "dobutsu", position } })).json()).legal_moves;

// The first player (sente) holds a chick; the second (gote) a giraffe.
const WITH_HANDS = "gle/1c1/3/EL1 b Cg";
// Sente's lion on c3 reaches c4, where nothing can take it.
const TRY = "l2/2L/3/3 b GECgec";

test("the start: twelve squares, eight pieces, empty hands, the chick's capture shown", async () => {
  await withPage(shared.browser, "dobutsu-start", async (page) => {
    await page.goto(`${shared.server.url}/game/dobutsu`);
    await square(page, "b2").waitFor();
    assert.equal(await page.locator("#board .sq").count(), 12);
    assert.equal(await page.locator("#board .sq .piece").count(), 8);
    assert.equal(await page.locator("#board .hand").count(), 2);
    assert.equal(await page.locator("#board .hand button").count(), 0);
    assert.equal(await page.locator("#board .piece.turned").count(), 4, "the second player's pieces are turned round");
    await square(page, "b2").click();
    assert.deepEqual(await page.locator("#board .sq.target").evaluateAll((s) => s.map((q) => q.dataset.square)), ["b3"]);
    assert.equal(await page.locator("#board .sq.target.capture").count(), 1);
    assert.equal(await page.locator("#board .piece svg").count(), 8, "the pieces are drawn by default");
    assert.equal(await page.locator('#board [data-square="b2"] .piece svg .dot').count(), 1, "the chick's one dot: it moves forward");
    assert.equal(await page.locator('#board [data-square="b1"] .piece svg .dot').count(), 8, "the lion moves every way");
    if (!(await page.locator('#pieces option[value="hanzi"]').isDisabled())) {
      await page.locator("#pieces").selectOption("hanzi");
      assert.ok((await page.locator("#board .piece").allTextContents()).includes("狮"));
    }
    await page.locator("#pieces").selectOption("letter");
    assert.ok((await page.locator("#board .piece").allTextContents()).includes("L"));
    await page.locator("#pieces").selectOption("drawing");
  });
});

test("a chick dropped from the hand; the engine replies", async () => {
  await withPage(shared.browser, "dobutsu-drop", async (page) => {
    const legal = await legalMoves(page, WITH_HANDS);
    await page.goto(`${shared.server.url}/game/dobutsu?position=${encodeURIComponent(WITH_HANDS)}`);
    await page.locator('#board [data-hand="first"] [data-drop="C"]').waitFor();
    await page.locator("#side").selectOption("first");
    await page.locator("#movetime").selectOption("200");
    await page.locator("#status", { hasText: "you" }).waitFor();
    await page.locator('#board [data-hand="first"] [data-drop="C"]').click();
    const shown = await page.locator("#board .sq.target").evaluateAll((s) => s.map((q) => q.dataset.square).sort());
    assert.deepEqual(shown, legal.filter((m) => m.startsWith("C*")).map((m) => m.slice(2)).sort(), "a drop's targets are the empty squares");
    assert.ok(await page.locator('#board [data-hand="second"] [data-drop="G"]').isDisabled(), "the other side's hand is not to play");
    await square(page, "c2").click();
    await page.locator("#move-list li").nth(1).waitFor({ timeout: 15000 });
    assert.equal(await page.locator("#move-list li").first().textContent(), "C*c2");
    assert.equal(await page.locator('#board [data-hand="first"] button').count(), 0, "the hand is empty after the drop");
    assert.equal(await page.locator('#board [data-square="c2"] .piece').getAttribute("data-piece"), "C");
  });
});

test("a typed capture puts the piece in the hand", async () => {
  await withPage(shared.browser, "dobutsu-capture", async (page) => {
    await page.goto(`${shared.server.url}/game/dobutsu`);
    await page.locator("#side").selectOption("both");
    await page.locator("#move-input").fill("b2b3");
    await page.locator("#play-typed").click();
    await page.locator('#board [data-hand="first"] [data-drop="C"]').waitFor();
    assert.equal(await page.locator("#move-list li").first().textContent(), "b2b3");
  });
});

test("a try: the lion reaches the far rank safely and wins", async () => {
  await withPage(shared.browser, "dobutsu-try", async (page) => {
    assert.ok((await legalMoves(page, TRY)).includes("c3c4"));
    await page.goto(`${shared.server.url}/game/dobutsu?position=${encodeURIComponent(TRY)}`);
    await square(page, "c3").click();
    await square(page, "c4").click();
    await page.locator("#status", { hasText: "Game over: sente wins" }).waitFor();
    assert.equal(await page.locator("#move-list li").first().textContent(), "c3c4");
  });
});

test("with the tables: perfect play opens, every move coloured by value and distance, the main line",
  { skip: !process.env.DOBUTSU_TABLES && "set DOBUTSU_TABLES=DIR (the dobutsu_build example's files)" }, async () => {
    const server = await startServer(["--tablebase", process.env.DOBUTSU_TABLES]);
    try {
      await withPage(shared.browser, "dobutsu-tables", async (page) => {
        const probe = await (await page.request.post(`${server.url}/api/tablebase/probe`, { data: { game: "dobutsu" } })).json();
        assert.equal(probe.report.value, "loss", "the second player wins");
        await page.goto(`${server.url}/game/dobutsu`);
        await page.locator("#tb-value", { hasText: `sente loss in ${probe.report.distance}` }).waitFor();
        assert.equal(await page.locator("#tb-moves tbody tr").count(), probe.report.moves.length);
        assert.equal(await page.locator("#main-line button").count(), probe.report.main_line.length);
        const chick = probe.report.moves.find((m) => m.move === "b2b3");
        await square(page, "b2").click();
        assert.match(await square(page, "b3").getAttribute("class"), new RegExp(`bg-${chick.value}`));
        assert.equal(await square(page, "b3").locator(".val").textContent(), String(chick.distance));
        await page.locator("#side").selectOption("second");
        await page.locator("#move-list li").first().waitFor();
        assert.ok(probe.report.best.includes(await page.locator("#move-list li").first().textContent()), "perfect play opened");
        await page.locator("#tb-value", { hasText: `gote win in ${probe.report.distance - 1}` }).waitFor();
      });
    } finally {
      await server.stop();
    }
  });
