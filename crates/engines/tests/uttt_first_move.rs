//! Issue 27: the first move of a game allocates nothing large inside its
//! clock. The engines allocate their tables (the transposition
//! table, the endgame solver's table) when they are built, and a new game
//! clears them before its first move; the move itself only grows small
//! buffers. A counting allocator measures the bytes each step allocates:
//! a count, not a time, so the machine's load cannot change it.
//!
//! Its own test binary: the counting allocator is the process's global
//! allocator.

// The counting allocator needs `unsafe impl GlobalAlloc`; it only forwards
// to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use gamesolver_api::{EngineSpec, SearchLimits};
use gamesolver_engines::uttt::codingame::{bot_engine, serve};
use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::search_settings::HASH_MB;
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{Engine, Limits, Reserve};

/// The system allocator, adding up the bytes asked for.
struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Held by each test: the count is the whole process's, so the tests of
/// this binary take turns.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The bytes `step` allocates.
fn allocated<T>(step: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATED.load(Ordering::Relaxed);
    let value = step();
    (value, ALLOCATED.load(Ordering::Relaxed) - before)
}

/// Far below the tables (4 MiB and more), far above the buffers a search
/// grows (move lists, principal variations, the report).
const SMALL: usize = 1 << 20;

/// The transposition table of the default size.
const TABLE: usize = HASH_MB << 20;

/// The engine of the hosts and the façade (alpha-beta with the endgame
/// solver's wrapper) and the standalone CodinGame bot's engine.
#[test]
fn the_first_move_allocates_no_table() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let codingame = EngineOptions::for_variant(Variant::CodinGame);
    let board = Board::start(Variant::CodinGame);
    let (mut engine, built) = allocated(|| build(&codingame));
    assert!(built >= TABLE, "building allocated only {built} bytes");
    engine.new_game();
    let (_, first) = allocated(|| engine.think(&board, &Limits::nodes(50_000), &mut |_| {}));
    assert!(first < SMALL, "the first move allocated {first} bytes");

    let (mut bot, built) = allocated(bot_engine);
    assert!(
        built >= TABLE,
        "building the bot allocated only {built} bytes"
    );
    let (_, first) = allocated(|| bot.think(&board, &Limits::nodes(50_000), &mut |_| {}));
    assert!(
        first < SMALL,
        "the bot's first move allocated {first} bytes"
    );

    // The bot's first turn through CodinGame's format, clock and all.
    let turn = "-1 -1\n2\n4 4\n0 0\n";
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    let (served, bytes) = allocated(|| {
        serve(
            &mut turn.as_bytes(),
            &mut out,
            &mut errors,
            &mut bot,
            5,
            Reserve::default(),
        )
    });
    served.unwrap();
    assert!(bytes < SMALL, "the first turn allocated {bytes} bytes");
    assert!(!out.is_empty(), "no answer");
}

/// Through the façade: the engine is built with its game, a new game
/// clears it, and the first search allocates only its report.
#[test]
fn the_facades_first_move_allocates_no_table() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let registry = gamesolver_engines::builtin();
    let game = registry.get("uttt").unwrap();
    let spec = EngineSpec {
        rules: Some("codingame".to_string()),
        ..EngineSpec::default()
    };
    let (engine, built) = allocated(|| game.engine(&spec));
    let mut engine = engine.unwrap();
    assert!(built >= TABLE, "building allocated only {built} bytes");
    engine.new_game();
    let start = game.start(Some("codingame")).unwrap();
    let limits = SearchLimits {
        nodes: Some(50_000),
        ..SearchLimits::default()
    };
    let (report, first) = allocated(|| engine.search(start.as_ref(), &limits, &mut |_| {}));
    assert!(report.unwrap().bestmove.is_some());
    assert!(first < SMALL, "the first move allocated {first} bytes");
}
