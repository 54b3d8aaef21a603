//! Capability: a game's board in the browser (`gamesolver serve`'s game
//! page). The game supplies one ES module that draws its board and reads
//! clicks as moves in its notation; everything else on the page (play,
//! analysis, the explorer of solved tables and tablebases, statistics,
//! planning) is generic and driven by the game's other capabilities.

/// Capability: the board module of the game's web page.
///
/// `module` is the source of an ES module (embedded by the game with
/// `include_str!`), served at `/game/NAME/board.js`. docs/ARCHITECTURE.md
/// ("Adding a game") lists what it exports: the side names, optional
/// styles, toggles, legend and help, and `createBoard(container, { onMove })`
/// whose `draw(view, options)` draws a position and calls `onMove` with a
/// legal move's text.
///
/// ```
/// use gamesolver_api::WebBoard;
///
/// static BOARD: WebBoard = WebBoard::new("export const sides = { first: \"A\", second: \"B\" };");
/// assert!(BOARD.module().contains("sides"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebBoard {
    module: &'static str,
}

impl WebBoard {
    /// The board whose ES module's source is `module`.
    #[must_use]
    pub const fn new(module: &'static str) -> WebBoard {
        WebBoard { module }
    }

    /// The ES module's source.
    #[must_use]
    pub fn module(&self) -> &'static str {
        self.module
    }
}
