// Every page in English and Chinese: the switch in the navigation bar turns
// each page (the start page, every game's page, every MDP page, the
// statistics page) into Chinese and back, at a desktop's and a phone's
// size, with no English text of the pages left, no string without its
// Chinese, no raw key, and the choice remembered; a browser whose language
// is Chinese gets Chinese pages without choosing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setUp, startBrowser, withPage } from "../harness.mjs";

const shared = setUp();

const CJK = /[\u3400-\u9fff]/;
const SIZES = { desktop: { width: 1100, height: 900 }, phone: { width: 360, height: 740 } };

async function registered(page) {
  return (await page.request.get(`${shared.server.url}/api/games`)).json();
}

/** Every page of every registered game, and the start page. */
function paths(games) {
  return ["/", ...games.map((g) => `/game/${g.name}`), ...games.filter((g) => g.capabilities.mdp).map((g) => `/game/${g.name}/mdp`),
    ...games.filter((g) => g.capabilities.tablebase).slice(0, 1).map((g) => `/game/${g.name}/stats`)];
}

/** Waits until the page has drawn what it shows (its board and status, or its cards). */
async function settled(page, path) {
  if (path === "/") await page.locator("#cards a").first().waitFor();
  else if (path.endsWith("/stats")) await page.locator("#status").filter({ hasText: /\S/ }).waitFor();
  else {
    await page.locator("#board button").first().waitFor();
    await page.locator("#status").filter({ hasText: /\S/ }).waitFor();
  }
  await page.locator("#language").waitFor();
}

/** The English texts of the pages' strings (without placeholders) still shown in the page, and the strings lacking Chinese. */
async function untranslated(page) {
  return page.evaluate(async () => {
    const i18n = await import("/static/js/i18n.js");
    const text = document.body.innerText;
    const english = Object.values(i18n.englishTexts()).filter((s) => !s.includes("{") && s.length >= 6 && /[a-z]{3}/.test(s));
    return { shown: english.filter((s) => text.includes(s)), missing: i18n.missing("zh") };
  });
}

/** The raw keys shown ("game.you_play"): a key of a registered part (its namespace) that was never given a text. */
async function rawKeys(page) {
  return page.evaluate(async () => {
    const i18n = await import("/static/js/i18n.js");
    const parts = [...new Set(Object.keys(i18n.englishTexts()).map((key) => key.split(".")[0]))];
    const pattern = new RegExp(`\\b(${parts.join("|")})\\.[a-zA-Z_][\\w.-]*\\b`, "g");
    return document.body.innerText.match(pattern) || [];
  });
}

async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`every page switches to Chinese and back (${size})`, async () => {
    await withPage(shared.browser, `language-${size}`, async (page) => {
      await page.setViewportSize(viewport);
      const games = await registered(page);
      for (const path of paths(games)) {
        await page.goto(`${shared.server.url}${path}`);
        await settled(page, path);
        assert.equal(await page.evaluate(() => document.documentElement.lang), "en", path);
        assert.doesNotMatch(await page.locator("h1").textContent(), CJK, `${path} starts in English`);

        await page.locator("#language").selectOption("zh");
        await page.locator("html[lang='zh-Hans']").waitFor();
        await page.locator("h1").filter({ hasText: CJK }).waitFor();
        if (path !== "/") await page.locator("#status").filter({ hasText: CJK }).waitFor();
        const left = await untranslated(page);
        assert.deepEqual(left.missing, [], "every string has its Chinese");
        assert.deepEqual(left.shown, [], `${path}: English left in Chinese`);
        assert.deepEqual(await rawKeys(page), [], `${path}: raw keys`);
        for (const game of games.filter((g) => g.titles && g.titles.zh)) {
          assert.ok((await page.locator("#nav").innerText()).includes(game.titles.zh.replace(/\s*\(.*\)\s*$/, "")), `${path}: the ${game.name} link in Chinese`);
        }
        assert.ok(await overflow(page) <= 0, `${path} in Chinese is wider than the screen`);

        await page.reload();
        await settled(page, path);
        assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-Hans", `${path}: the choice is remembered`);
        await page.locator("h1").filter({ hasText: CJK }).waitFor();

        await page.locator("#language").selectOption("en");
        await page.locator("html[lang='en']").waitFor();
        await page.locator("h1").filter({ hasText: /^[^\u3400-\u9fff]*$/ }).waitFor();
        assert.deepEqual(await rawKeys(page), [], `${path}: raw keys in English`);
      }
    });
  });
}

test("the Jungle terms in Chinese: 斗兽棋, 河, 陷阱, 兽穴 and the animals' names", async () => {
  await withPage(shared.browser, "language-jungle-terms", async (page) => {
    await page.goto(`${shared.server.url}/game/jungle`);
    await page.locator('#board [data-square="d1"]').waitFor();
    await page.locator("#language").selectOption("zh");
    await page.locator("h1", { hasText: "斗兽棋" }).waitFor();
    assert.deepEqual(await page.locator("#legend span").allTextContents(), ["河", "陷阱", "兽穴"]);
    assert.equal(await page.locator('#board [data-square="d1"] .tag').textContent(), "兽穴");
    assert.equal(await page.locator('#board [data-square="c1"] .tag').textContent(), "陷阱");
    assert.match(await page.locator('#board [data-square="a1"]').getAttribute("aria-label"), /下方 虎/);
    assert.match(await page.locator("#status").textContent(), /下方/);
    await page.locator("#language").selectOption("en");
    await page.locator("h1", { hasText: "Jungle" }).waitFor();
  });
});

test("a browser whose language is Chinese gets the pages in Chinese", async () => {
  const browser = await startBrowser({ locale: "zh-CN" });
  try {
    await withPage(browser, "language-browser-default", async (page) => {
      await page.goto(`${shared.server.url}/`);
      await page.locator("#cards a").first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-Hans");
      assert.match(await page.locator("h1").textContent(), CJK);
      assert.equal(await page.locator("#language").inputValue(), "zh");
      await page.locator("#cards a", { hasText: "井字棋" }).first().waitFor();
    });
  } finally {
    await browser.close();
  }
});
