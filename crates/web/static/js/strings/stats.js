// The statistics page's strings (/game/NAME/stats), in English and Chinese (简体).
import { addStrings } from "../i18n.js";

addStrings({
  en: {
    "stats.heading": "Tablebase: statistics per material",
    "stats.intro": "For each material (the first player's pieces − the second's, strongest first): how many positions are won, drawn and lost for the side to move, and the longest win with an example you can open in the explorer.",
    "stats.document_title": "{game} tablebase statistics · gamesolver",
    "stats.title": "{game} tablebase: statistics per material",
    "stats.no_tables": "this server has no {game} tablebase: start it with gamesolver serve --tablebase DIR",
    "stats.material": "Material",
    "stats.to_move_w": "{side} to move W",
    "stats.draw_short": "D",
    "stats.loss_short": "L",
    "stats.longest_win": "Longest win",
    "stats.example": "Example",
    "stats.materials": "{n} materials",
  },
  zh: {
    "stats.heading": "残局库：各子力组合的统计",
    "stats.intro": "对每种子力组合（先手方的棋子 − 后手方的棋子，强者在前）：轮到走棋一方时胜、和、负的局面数，以及最长的胜局，附可在浏览器中打开的例子。",
    "stats.document_title": "{game}残局库统计 · gamesolver",
    "stats.title": "{game}残局库：各子力组合的统计",
    "stats.no_tables": "此服务器没有{game}残局库：请用 gamesolver serve --tablebase DIR 启动",
    "stats.material": "子力",
    "stats.to_move_w": "{side}走 胜",
    "stats.draw_short": "和",
    "stats.loss_short": "负",
    "stats.longest_win": "最长胜局",
    "stats.example": "例子",
    "stats.materials": "{n} 种子力组合",
  },
});
