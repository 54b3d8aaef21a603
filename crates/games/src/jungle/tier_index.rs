//! The dense index of a Jungle material: the tiers of the tablebases.
//!
//! A position of a material is indexed by the side to move and the square
//! of each animal, bottom's animals first, each side's by rank. Each animal
//! ranges over the squares it may stand on in a tablebase position: the rat
//! over every square but the two dens (61), the others over the land but
//! the dens (49); two animals on one square make a hole.
//!
//! The rules are the same in a mirror standing on the `d` file, so only
//! positions whose first animal stands on files `a`–`d` are indexed (28 land
//! or 34 rat squares instead of 49 or 61); when the first animal is on the
//! `d` file, the position and its mirror image share the smaller of their
//! two indices and the other is a hole.

mod odometer;

use std::cell::Cell;
use std::sync::OnceLock;

use gamesolver_core::{Game, Player, TierLayout};

use super::board::{BOARD, DENS, LAND, OFF_BOARD};
use super::rules::RAT;
use super::square::{FILES, SQUARES};
use super::unmoves::origins;
use super::{Material, Move, Piece, Position, QUIET_PLIES_DRAW, Square, Variant};
use odometer::Odometer;

/// The squares one animal may stand on, in order, and each square's
/// ordinal (its digit in the index).
#[derive(Debug)]
struct SquareTable {
    squares: [u8; 64],
    count: u64,
    /// `ceil(2^64 / count)`: divides by `count` with a multiplication
    /// ([`SquareTable::divide`]).
    reciprocal: u64,
    ordinal: [u8; 64],
    /// The ordinal of each square's mirror image: the digit of the square
    /// in the index of the mirrored position.
    mirrored_ordinal: [u8; 64],
}

const NONE: u8 = u8::MAX;

impl SquareTable {
    /// The square of ordinal `digit` (below [`SquareTable::count`]).
    #[inline]
    fn square(&self, digit: u8) -> u8 {
        // Every digit is below 64: the mask lets the compiler drop the
        // bounds check.
        self.squares[usize::from(digit & 63)]
    }

    /// `(n / count, n % count)`. Below 2^32 by a multiplication with the
    /// reciprocal, which is exact there (the high half of `n · ceil(2^64 /
    /// d)` is `n / d` for every 32-bit `n`: Lemire, Kaser and Kurz, "Faster
    /// remainder by direct computation", 2019); a division instruction
    /// costs ten times as long. Larger `n` are divided.
    #[inline]
    fn divide(&self, n: u64) -> (u64, u64) {
        if n >> 32 == 0 {
            let quotient = ((u128::from(n) * u128::from(self.reciprocal)) >> 64) as u64;
            (quotient, n - quotient * self.count)
        } else {
            (n / self.count, n % self.count)
        }
    }
}

const fn square_table(rat: bool, half: bool) -> SquareTable {
    let mut table = SquareTable {
        squares: [0; 64],
        count: 0,
        reciprocal: 0,
        ordinal: [NONE; 64],
        mirrored_ordinal: [NONE; 64],
    };
    let mut square = 0;
    while square < SQUARES {
        let bit = 1u64 << square;
        let terrain = rat || bit & LAND != 0;
        let den = bit & (DENS[0] | DENS[1]) != 0;
        if terrain && !den && (!half || square % FILES <= 3) {
            table.squares[table.count as usize] = square;
            table.ordinal[square as usize] = table.count as u8;
            table.count += 1;
        }
        square += 1;
    }
    let mut square = 0;
    while square < SQUARES {
        table.mirrored_ordinal[square as usize] = table.ordinal[mirror(square) as usize];
        square += 1;
    }
    table.reciprocal = u64::MAX / table.count + 1;
    table
}

/// The square tables by kind: every allowed square of a non-rat and of the
/// rat, then those on files a–d (for the first animal).
static TABLES: [SquareTable; 4] = [
    square_table(false, false),
    square_table(true, false),
    square_table(false, true),
    square_table(true, true),
];

/// The kind (index in [`TABLES`]) of an animal: the rat's own squares or
/// the land's, half the board for the first animal.
const fn kind(rat: bool, first: bool) -> u8 {
    2 * first as u8 + rat as u8
}

/// The tablebase tiers of Jungle under one rules preset.
#[derive(Clone, Copy, Debug)]
pub struct JungleTiers {
    variant: Variant,
    /// The plies without a capture that draw the game (200 in play; a
    /// smaller limit makes the rule's effects visible in small tables;
    /// `None`: tables of the distance to the end only).
    quiet_ply_limit: Option<u16>,
    /// `slot_of[p]`: the strength slot of `Piece::ALL[p]` under the rules.
    slot_of: [u8; 8],
    /// Whether only canonical materials are stored, their colour twins
    /// probed through the symmetry ([`JungleTiers::colour_folded`]).
    fold_colours: bool,
}

/// The animals of one material in index order (each as `side << 3 | slot`)
/// and the weight of each one's digit in the index.
#[derive(Clone, Copy, Debug)]
struct Layout {
    pieces: [u8; 16],
    /// Each animal's square table (read by the hot loops as is: no kind
    /// to look up).
    tables: [&'static SquareTable; 16],
    weights: [u64; 16],
    count: usize,
    /// Indices per side to move: the product of every animal's range.
    per_turn: u64,
    /// The animals of each side, as a mask of their places in the index.
    animals_of: [u16; 2],
    /// The rats among the animals, as the same kind of mask.
    rat_animals: u16,
}

impl Layout {
    fn side(&self, i: usize) -> usize {
        usize::from(self.pieces[i] >> 3)
    }

    fn slot(&self, i: usize) -> usize {
        usize::from(self.pieces[i] & 7)
    }

    /// The square table of the `i`-th animal: half the board for the first.
    fn table(&self, i: usize) -> &'static SquareTable {
        self.tables[i]
    }

    /// The animals' squares in index order.
    fn squares(&self, position: &Position) -> [u8; 16] {
        let slots = [Player::First, Player::Second].map(|p| position.slots(p));
        self.gather(slots, |square| square)
    }

    /// The animals' squares in index order for the position's colour
    /// twin: each animal of this layout is the other side's in `position`,
    /// on the square turned half a turn (every animal must be there).
    fn flipped_squares(&self, position: &Position) -> [u8; 16] {
        let slots = [Player::Second, Player::First].map(|p| position.slots(p));
        self.gather(slots, |square| SQUARES - 1 - square)
    }

    /// Each animal's square from the sides' `slots`, through `place`.
    fn gather(&self, slots: [[u8; 8]; 2], place: impl Fn(u8) -> u8) -> [u8; 16] {
        let mut squares = [0u8; 16];
        for (i, square) in squares.iter_mut().enumerate().take(self.count) {
            *square = place(slots[self.side(i)][self.slot(i)]);
        }
        squares
    }

    /// The index of `squares` with `turn` to move, the first square on
    /// files a–d.
    fn raw_index(&self, turn: usize, squares: &[u8; 16]) -> u64 {
        let mut index = turn as u64 * self.per_turn;
        for (i, &square) in squares.iter().enumerate().take(self.count) {
            index += u64::from(self.table(i).ordinal[square as usize]) * self.weights[i];
        }
        index
    }

    /// The index of the mirror image of `squares` with `turn` to move,
    /// the first square on files d–g.
    fn raw_mirrored_index(&self, turn: usize, squares: &[u8; 16]) -> u64 {
        let mut index = turn as u64 * self.per_turn;
        for (i, &square) in squares.iter().enumerate().take(self.count) {
            index += u64::from(self.table(i).mirrored_ordinal[square as usize]) * self.weights[i];
        }
        index
    }

    /// The index of `squares` (any orientation) with `turn` to move: the
    /// orientation whose first animal stands on files a–d, the smaller of
    /// the two when it stands on the `d` file.
    fn index(&self, turn: usize, squares: &[u8; 16]) -> u64 {
        let file = squares[0] % FILES;
        if file < 3 {
            return self.raw_index(turn, squares);
        }
        if file > 3 {
            return self.raw_mirrored_index(turn, squares);
        }
        self.raw_index(turn, squares)
            .min(self.raw_mirrored_index(turn, squares))
    }
}

/// Every layout, computed on first use: per rules preset and bottom
/// side's mask, a row of 256 slots (one per top side's mask) allocated
/// when first needed.
static LAYOUTS: [OnceLock<Box<[OnceLock<Layout>]>>; VARIANTS * 256] =
    [const { OnceLock::new() }; VARIANTS * 256];

thread_local! {
    /// The layout this thread used last, with its key (preset and both
    /// sides' masks): [`JungleTiers::layout`] skips the table for it.
    static LAST_LAYOUT: Cell<(usize, Option<&'static Layout>)> =
        const { Cell::new((usize::MAX, None)) };
}

/// The number of rules presets.
const VARIANTS: usize = 3;

/// The slot of a preset in [`LAYOUTS`].
const fn variant_slot(variant: Variant) -> usize {
    match variant {
        Variant::Standard => 0,
        Variant::DogOverWolf => 1,
        Variant::RatAcrossWater => 2,
    }
}

impl JungleTiers {
    /// The tiers for the rules `variant`.
    #[must_use]
    pub fn new(variant: Variant) -> JungleTiers {
        let rules = variant.rules();
        let slot_of = Piece::ALL.map(|p| rules.slot(p) as u8);
        JungleTiers {
            variant,
            quiet_ply_limit: Some(QUIET_PLIES_DRAW as u16),
            slot_of,
            fold_colours: false,
        }
    }

    /// The same tiers under a no-capture rule of `plies` plies instead of
    /// the game's 200 ([`QUIET_PLIES_DRAW`]): the distance-to-zeroing
    /// tables and the rule's verdicts depend on it (a test of the rule's
    /// effects on tables small enough to check by other means).
    #[must_use]
    pub const fn with_quiet_ply_limit(self, plies: u16) -> JungleTiers {
        JungleTiers {
            quiet_ply_limit: Some(plies),
            ..self
        }
    }

    /// The same tiers without the no-capture rule: builds write the
    /// distance-to-end files only (no distance-to-zeroing files, about
    /// half the work), for tests of those files. Tables for play keep the
    /// rule.
    #[must_use]
    pub const fn without_quiet_ply_limit(self) -> JungleTiers {
        JungleTiers {
            quiet_ply_limit: None,
            ..self
        }
    }

    /// The tiers for `variant` with the colour symmetry folded: only
    /// canonical materials ([`Material::is_canonical`]) are stored and
    /// scheduled; a position of the other material of a pair (`E-lr`) is
    /// found in its twin's table (`LR-e`) as [`Position::flipped`], which
    /// has the same value for the side to move. The index inside a stored
    /// table is the same as without folding, so are its files.
    #[must_use]
    pub fn colour_folded(variant: Variant) -> JungleTiers {
        JungleTiers {
            fold_colours: true,
            ..JungleTiers::new(variant)
        }
    }

    /// Whether the colour symmetry is folded.
    #[must_use]
    pub const fn folds_colours(&self) -> bool {
        self.fold_colours
    }

    /// The colour twin of `index` in `material`: the material with the
    /// colours swapped and the index of the flipped position there, or
    /// `None` for a hole. Both hold the same value for the side to move.
    #[must_use]
    pub fn twin(&self, material: Material, index: u64) -> Option<(Material, u64)> {
        let twin = material.flipped();
        let position = self.position(material, index)?.flipped();
        let layout = self.layout(twin);
        Some((
            twin,
            layout.index(position.turn().index(), &layout.squares(&position)),
        ))
    }

    /// The rules preset.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The layout of `material`: the one this thread used last when it is
    /// the same (a solver asks for one tier's over and over), otherwise
    /// from the static table.
    fn layout(&self, material: Material) -> &'static Layout {
        let [bottom, top] = [Player::First, Player::Second].map(|p| usize::from(material.mask(p)));
        let key = (variant_slot(self.variant) * 256 + bottom) * 256 + top;
        LAST_LAYOUT.with(|last| match last.get() {
            (used, Some(layout)) if used == key => layout,
            _ => {
                let layout = LAYOUTS[variant_slot(self.variant) * 256 + bottom]
                    .get_or_init(|| (0..256).map(|_| OnceLock::new()).collect())[top]
                    .get_or_init(|| self.compute_layout(material));
                last.set((key, Some(layout)));
                layout
            }
        })
    }

    fn compute_layout(&self, material: Material) -> Layout {
        let mut layout = Layout {
            pieces: [0; 16],
            tables: [&TABLES[0]; 16],
            weights: [0; 16],
            count: 0,
            per_turn: 1,
            animals_of: [0; 2],
            rat_animals: 0,
        };
        for player in Player::BOTH {
            let mut pieces = material.mask(player);
            let mut slots = 0u8;
            while pieces != 0 {
                slots |= 1 << self.slot_of[pieces.trailing_zeros() as usize];
                pieces &= pieces - 1;
            }
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                layout.pieces[layout.count] = (player.index() as u8) << 3 | slot as u8;
                layout.tables[layout.count] =
                    &TABLES[usize::from(kind(slot == RAT, layout.count == 0))];
                layout.animals_of[player.index()] |= 1 << layout.count;
                if slot == RAT {
                    layout.rat_animals |= 1 << layout.count;
                }
                layout.count += 1;
            }
        }
        for i in (0..layout.count).rev() {
            layout.weights[i] = layout.per_turn;
            layout.per_turn *= layout.table(i).count;
        }
        layout
    }
}

impl Layout {
    /// The turn and each animal's square ordinal (its digit) of `index`.
    fn digits(&self, index: u64) -> (u64, [u8; 16]) {
        let mut rest = index;
        let mut digits = [0u8; 16];
        for i in (0..self.count).rev() {
            let (quotient, digit) = self.table(i).divide(rest);
            // A digit is below its range, at most 61.
            digits[i] = digit as u8;
            rest = quotient;
        }
        (rest, digits)
    }

    /// The side to move and the animals' squares of `index`, or `None`
    /// for a hole: past the tier's end, two animals on one square, or the
    /// mirror image's twin that is not kept (see [`Layout::index`]).
    #[inline]
    fn decode(&self, index: u64) -> Option<Decoded> {
        let mut rest = index;
        let mut squares = [0u8; 16];
        let mut taken = 0u64;
        for i in (1..self.count).rev() {
            let table = self.table(i);
            let (quotient, digit) = table.divide(rest);
            // A digit is below its range, at most 61.
            let square = table.square(digit as u8);
            squares[i] = square;
            taken |= 1u64 << square;
            rest = quotient;
        }
        let table = self.table(0);
        let (turn, digit) = table.divide(rest);
        let first = table.square(digit as u8);
        squares[0] = first;
        taken |= 1u64 << first;
        // Two animals on one square leave fewer squares taken.
        if turn > 1 || taken.count_ones() as usize != self.count {
            return None;
        }
        let turn = turn as usize;
        let mut mirror = None;
        // The first square from the local, not from `squares` (just
        // written byte by byte: reading it back waits for the stores).
        if first % FILES == 3 {
            let mirrored = self.raw_mirrored_index(turn, &squares);
            if mirrored < index {
                return None;
            }
            mirror = Some(mirrored);
        }
        Some(Decoded {
            turn,
            squares,
            occupied: taken,
            mirror,
        })
    }

    /// `index` (or any index) with the other side to move: the same
    /// squares, the other half of the tier.
    fn other_turn(&self, index: u64, turn: usize) -> u64 {
        if turn == 0 {
            index + self.per_turn
        } else {
            index - self.per_turn
        }
    }
}

/// What [`Layout::decode`] finds at an index.
struct Decoded {
    turn: usize,
    squares: [u8; 16],
    /// The squares as a bitboard.
    occupied: u64,
    /// The index of the mirror image when the first animal stands on the
    /// `d` file.
    mirror: Option<u64>,
}

impl JungleTiers {
    /// The position of `decoded`'s squares and side to move.
    fn position_of(&self, layout: &Layout, decoded: &Decoded) -> Position {
        let pieces =
            (0..layout.count).map(|i| (layout.side(i), layout.slot(i), decoded.squares[i]));
        Position::from_pieces_unchecked(self.variant, Player::BOTH[decoded.turn], pieces)
    }
}

impl Default for JungleTiers {
    fn default() -> JungleTiers {
        JungleTiers::new(Variant::Standard)
    }
}

/// The indices of the positions one move away from a position (its
/// parents, by un-moves, or its children, by moves), each from the
/// position's own index by changing the digit of the animal that moved.
///
/// The position is seen in the orientation whose first animal stands on
/// files a–d (the board, and so every move and un-move, is the same in the
/// mirror); `base` is the index of its squares there with the other side
/// to move (the neighbours' side). When that animal stands on the `d` file
/// both orientations have an index (`mirror_base` for the other) and a
/// neighbour that keeps it there takes the smaller. Only a first animal
/// moving onto the `d` file, or off it into the far half while it stands
/// on file `c`, needs the index worked out from scratch.
struct NeighbourIndexer<'a> {
    layout: &'a Layout,
    /// The position's squares in the orientation described above.
    squares: [u8; 16],
    /// Those squares as a bitboard.
    occupied: u64,
    /// The side to move in the neighbours.
    turn: usize,
    base: u64,
    /// The index of the mirror image, when the first animal is on `d`.
    mirror_base: Option<u64>,
}

impl<'a> NeighbourIndexer<'a> {
    /// The indexer of the position with `squares` (first animal on files
    /// a–d) whose neighbours have `turn` to move and, with the same
    /// squares, the index `base`.
    fn new(layout: &'a Layout, squares: [u8; 16], turn: usize, base: u64) -> Self {
        let mirror_base =
            (squares[0] % FILES == 3).then(|| layout.raw_mirrored_index(turn, &squares));
        let occupied = squares[..layout.count]
            .iter()
            .fold(0, |occupied, &square| occupied | 1u64 << square);
        NeighbourIndexer {
            layout,
            squares,
            occupied,
            turn,
            base,
            mirror_base,
        }
    }

    /// Every parent's index into `out`: each animal of the side that just
    /// moved back to each square it may have come from (un-moves, see
    /// [`origins`]); duplicates only when every animal stands on the `d`
    /// file (a move and its mirror image), removed then.
    fn collect_parents(&self, out: &mut Vec<u64>) {
        let layout = self.layout;
        let (squares, occupied) = (&self.squares, self.occupied);
        let mut rats = 0u64;
        let mut rat_animals = layout.rat_animals;
        while rat_animals != 0 {
            rats |= 1u64 << squares[rat_animals.trailing_zeros() as usize & 15];
            rat_animals &= rat_animals - 1;
        }
        let empty = BOARD & !occupied;
        // Filled as a local: its length stays in a register.
        let mut parents = std::mem::take(out);
        parents.clear();
        let mut movers = layout.animals_of[self.turn & 1];
        while movers != 0 {
            // Animals are below 16: the mask drops the bounds checks.
            let i = movers.trailing_zeros() as usize & 15;
            movers &= movers - 1;
            let square = squares[i];
            let from = origins(layout.slot(i), square, empty, rats);
            self.push_origins(i, from, &mut parents);
        }
        if occupied & !FILE_D == 0 {
            parents.sort_unstable();
            parents.dedup();
        }
        *out = parents;
    }

    /// The parents in which animal `i` came from each square of `from`,
    /// into `out`: the rest of the index is worked out once for all.
    #[inline]
    fn push_origins(&self, i: usize, mut from: u64, out: &mut Vec<u64>) {
        let rests = self.rests(i);
        while from != 0 {
            let origin = from.trailing_zeros() as usize;
            from &= from - 1;
            out.push(self.neighbour(i, origin, rests));
        }
    }

    /// The index of the neighbour in which animal `i` stands on `square`.
    fn with_square(&self, i: usize, square: u8) -> u64 {
        self.neighbour(i, usize::from(square), self.rests(i))
    }

    /// The index without animal `i`'s digit, in this orientation and, when
    /// the first animal stands on the `d` file, in the mirror's (the
    /// animal's square is on files a–d: it has a digit in both).
    #[inline]
    fn rests(&self, i: usize) -> (u64, Option<u64>) {
        let (table, weight) = (self.layout.table(i), self.layout.weights[i]);
        let square = usize::from(self.squares[i]);
        let rest = self.base - u64::from(table.ordinal[square]) * weight;
        let mirror_rest = self
            .mirror_base
            .map(|base| base - u64::from(table.mirrored_ordinal[square]) * weight);
        (rest, mirror_rest)
    }

    /// The index of the neighbour in which animal `i` stands on `square`,
    /// from [`NeighbourIndexer::rests`] of `i`.
    #[inline]
    fn neighbour(&self, i: usize, square: usize, (rest, mirror_rest): (u64, Option<u64>)) -> u64 {
        let (table, weight) = (self.layout.table(i), self.layout.weights[i]);
        let direct = || rest + u64::from(table.ordinal[square]) * weight;
        let through_mirror = |rest: u64| rest + u64::from(table.mirrored_ordinal[square]) * weight;
        match (i, mirror_rest) {
            (1.., None) => direct(),
            (1.., Some(mirror_rest)) => direct().min(through_mirror(mirror_rest)),
            // The first animal sets the orientation: files a–c keep this
            // one, e–g (from the `d` file) take the mirror's, the `d` file
            // the smaller of both.
            (0, _) => match (square as u8 % FILES, mirror_rest) {
                (0..=2, _) => direct(),
                (4.., Some(mirror_rest)) => through_mirror(mirror_rest),
                _ => {
                    let mut neighbour = self.squares;
                    neighbour[0] = square as u8;
                    self.layout.index(self.turn, &neighbour)
                }
            },
        }
    }
}

/// Mirrors the squares of a layout's animals in place.
fn mirror_squares(layout: &Layout, squares: &mut [u8; 16]) {
    for square in squares.iter_mut().take(layout.count) {
        *square = mirror(*square);
    }
}

const fn mirror(square: u8) -> u8 {
    square - square % FILES + (FILES - 1 - square % FILES)
}

impl TierLayout for JungleTiers {
    type Game = Position;
    type Tier = Material;

    fn variant(&self) -> String {
        self.variant.name().to_string()
    }

    fn scheme(&self) -> String {
        "jungle-mirror-v1".to_string()
    }

    /// 200 plies without a capture ([`QUIET_PLIES_DRAW`]), unless set by
    /// [`JungleTiers::with_quiet_ply_limit`].
    fn quiet_ply_limit(&self) -> Option<u16> {
        self.quiet_ply_limit
    }

    /// The side to move, then each animal's square ordinal, in index
    /// order.
    fn index_radices(&self, tier: Material) -> Vec<u64> {
        let layout = self.layout(tier);
        std::iter::once(2)
            .chain((0..layout.count).map(|i| layout.table(i).count))
            .collect()
    }

    /// Whether an animal of the side to move stands beside the enemy den
    /// ([`Position::wins_in_one`]).
    fn wins_in_one(&self, position: &Position) -> bool {
        position.wins_in_one()
    }

    /// From the index's digits: the side to move's squares, without
    /// building the position.
    fn wins_in_one_at(&self, tier: Material, index: u64) -> bool {
        let layout = self.layout(tier);
        let (turn, digits) = layout.digits(index);
        let Some(&me) = Player::BOTH.get(turn as usize) else {
            return false;
        };
        let mine = (0..layout.count)
            .filter(|&i| layout.side(i) == me.index())
            .fold(0, |mine, i| mine | 1 << layout.table(i).square(digits[i]));
        super::one_ply::beside_enemy_den(me, mine)
    }

    fn wins_in_one_rule(&self) -> String {
        super::one_ply::WINS_IN_ONE_RULE.to_string()
    }

    fn tier_of(&self, position: &Position) -> Material {
        self.stored_tier(Material::of(position))
    }

    fn stored_tier(&self, tier: Material) -> Material {
        if self.fold_colours {
            tier.canonical()
        } else {
            tier
        }
    }

    fn tier_len(&self, tier: Material) -> u64 {
        2 * self.layout(tier).per_turn
    }

    /// A position of `tier`'s colour twin (when folding) is indexed as
    /// its flipped image.
    ///
    /// The position belongs to `tier` or its twin, which has as many
    /// animals, so it is the twin's exactly when one of `tier`'s animals is
    /// missing from it.
    fn index(&self, tier: Material, position: &Position) -> u64 {
        let layout = self.layout(tier);
        let squares = layout.squares(position);
        if self.fold_colours && squares[..layout.count].contains(&OFF_BOARD) {
            let turn = position.turn().opponent().index();
            return layout.index(turn, &layout.flipped_squares(position));
        }
        layout.index(position.turn().index(), &squares)
    }

    fn position(&self, tier: Material, index: u64) -> Option<Position> {
        let layout = self.layout(tier);
        Some(self.position_of(layout, &layout.decode(index)?))
    }

    /// An odometer over the digits of the index (`Odometer`): no
    /// division per index, and only the animals whose digit changed moved.
    fn for_each_position(
        &self,
        tier: Material,
        range: std::ops::Range<u64>,
        visit: &mut dyn FnMut(u64, Option<Position>) -> bool,
    ) {
        let mut odometer = Odometer::new(self.layout(tier), range.start);
        for index in range {
            if !visit(index, odometer.position(self.variant, index)) {
                return;
            }
            odometer.advance();
        }
    }

    /// From the child's squares: an un-move changes one digit of the
    /// index, so most parents cost one multiply-add from the child's index
    /// in each orientation (see `NeighbourIndexer`). The parents are in
    /// un-move order, not sorted.
    fn parent_indices(
        &self,
        tier: Material,
        position: &Position,
        _unmoves: &mut Vec<Move>,
        out: &mut Vec<u64>,
    ) {
        let layout = self.layout(tier);
        let mut squares = layout.squares(position);
        if squares[0] % FILES > 3 {
            mirror_squares(layout, &mut squares);
        }
        let parent_turn = position.turn().opponent().index();
        let base = layout.raw_index(parent_turn, &squares);
        NeighbourIndexer::new(layout, squares, parent_turn, base).collect_parents(out);
    }

    /// From the index's digits, without building the position.
    fn parent_indices_of(
        &self,
        tier: Material,
        index: u64,
        _unmoves: &mut Vec<Move>,
        out: &mut Vec<u64>,
    ) -> bool {
        let layout = self.layout(tier);
        let Some(child) = layout.decode(index) else {
            out.clear();
            return false;
        };
        // The same squares with the other side to move, in each orientation.
        let parent_turn = 1 - child.turn;
        let base = layout.other_turn(index, child.turn);
        let mirror_base = child.mirror.map(|m| layout.other_turn(m, child.turn));
        NeighbourIndexer {
            layout,
            squares: child.squares,
            occupied: child.occupied,
            turn: parent_turn,
            base,
            mirror_base,
        }
        .collect_parents(out);
        true
    }

    fn successors(&self, tier: Material) -> Vec<Material> {
        let mut next: Vec<Material> = tier
            .after_captures()
            .into_iter()
            .map(|m| self.stored_tier(m))
            .collect();
        next.sort_unstable();
        next.dedup();
        next
    }

    /// 1 for a position that is its own mirror image (every animal on the
    /// `d` file), 2 for the others.
    fn multiplicity(&self, _tier: Material, position: &Position) -> u64 {
        let everyone = position.occupied(Player::First) | position.occupied(Player::Second);
        if everyone & !FILE_D == 0 { 1 } else { 2 }
    }

    /// Without playing the moves: a position that is not its own mirror
    /// image reaches a different index by every move (a piece cannot reach
    /// its own mirror square in one move, nor two pieces swap sides), so
    /// the count is the number of moves; a symmetric one (every animal on
    /// the `d` file) reaches the same index by a move and its mirror image,
    /// so the moves pair up, but for those along the `d` file.
    fn distinct_children(
        &self,
        _tier: Material,
        position: &Position,
        moves: &[Move],
        _scratch: &mut Vec<u64>,
    ) -> usize {
        let everyone = position.occupied(Player::First) | position.occupied(Player::Second);
        if everyone & !FILE_D != 0 {
            return moves.len();
        }
        let along_d = moves
            .iter()
            .filter(|m| m.from.file() == 3 && m.to.file() == 3)
            .count();
        (moves.len() + along_d) / 2
    }

    /// From the pieces' target squares, without a move list: den entries
    /// first (each ends the game), then captures; the moves that stay are
    /// counted by popcount, paired up as [`TierLayout::distinct_children`]
    /// does when every animal stands on the `d` file.
    fn exits_and_children(
        &self,
        _tier: Material,
        position: &Position,
        _moves: &mut Vec<Move>,
        _scratch: &mut Vec<u64>,
        exit: &mut dyn FnMut(&Position) -> bool,
    ) -> Option<usize> {
        let enemy_side = position.turn().opponent();
        let (enemy, den) = (position.occupied(enemy_side), DENS[enemy_side.index()]);
        let leaving = enemy | den;
        // One pass counts the moves that stay and notes whether any leaves
        // (most positions have no exit); the exits are listed only then.
        let (mut moves, mut along_d) = (0, 0);
        // The pieces with a move that leaves, with their targets (at most
        // one entry per strength slot).
        let mut leavers = [(0u8, 0u64); 8];
        let mut count = 0;
        position.for_each_move_target(|from, targets| {
            if targets & leaving != 0 {
                leavers[count & 7] = (from, targets);
                count += 1;
            }
            let quiet = targets & !leaving;
            moves += quiet.count_ones() as usize;
            if (1u64 << from) & FILE_D != 0 {
                along_d += (quiet & FILE_D).count_ones() as usize;
            }
        });
        if count > 0 && !visit_exits(position, &leavers[..count], [den, enemy], exit) {
            return None;
        }
        let everyone = enemy | position.occupied(position.turn());
        Some(if everyone & !FILE_D == 0 {
            (moves + along_d) / 2
        } else {
            moves
        })
    }

    /// From the position's own index: each move changes one digit (see
    /// `NeighbourIndexer`).
    fn child_indices(
        &self,
        tier: Material,
        position: &Position,
        moves: &[Move],
        out: &mut Vec<u64>,
    ) {
        out.clear();
        let layout = self.layout(tier);
        let mut squares = layout.squares(position);
        if squares[..layout.count].contains(&OFF_BOARD) {
            // A position of the colour twin: indexed as its flipped image.
            out.extend(
                moves
                    .iter()
                    .map(|&mv| self.index(tier, &position.after(mv))),
            );
            return;
        }
        let mirrored = squares[0] % FILES > 3;
        if mirrored {
            mirror_squares(layout, &mut squares);
        }
        let turn = position.turn().opponent().index();
        let indexer =
            NeighbourIndexer::new(layout, squares, turn, layout.raw_index(turn, &squares));
        let oriented = |square: Square| {
            let square = square.index();
            if mirrored { mirror(square) } else { square }
        };
        for &mv in moves {
            let (from, to) = (oriented(mv.from), oriented(mv.to));
            let mover = (0..layout.count).find(|&i| squares[i] == from);
            out.push(match mover {
                Some(i) => indexer.with_square(i, to),
                // Not a move of this position: indexed by playing it.
                None => self.index(tier, &position.after(mv)),
            });
        }
    }
}

/// Calls `exit` with the position after each move of `position` by
/// `pieces` (each piece's square and targets) to a square of `leaving[0]`,
/// then of `leaving[1]`, until it returns `false` (then `false`).
fn visit_exits(
    position: &Position,
    pieces: &[(u8, u64)],
    leaving: [u64; 2],
    exit: &mut dyn FnMut(&Position) -> bool,
) -> bool {
    for squares in leaving {
        for &(from, targets) in pieces {
            let mut to = targets & squares;
            while to != 0 {
                let target = Square::nth(to.trailing_zeros() as u8);
                to &= to - 1;
                if !exit(&position.after(Move::new(Square::nth(from), target))) {
                    return false;
                }
            }
        }
    }
    true
}

/// The squares of the `d` file, the mirror's axis.
const FILE_D: u64 = {
    let mut mask = 0;
    let mut rank = 0;
    while rank < 9 {
        mask |= 1 << (rank * FILES + 3);
        rank += 1;
    }
    mask
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_distinct_children_agrees_with_playing_the_moves() {
        use gamesolver_core::{Game, Retrograde};
        let tiers = JungleTiers::default();
        let mut checked_symmetric = 0;
        for spec in ["L-l", "R-e", "LR-e", "T-rd"] {
            let material: Material = spec.parse().unwrap();
            for index in (0..tiers.tier_len(material)).step_by(7) {
                let Some(position) = tiers.position(material, index) else {
                    continue;
                };
                let quiet: Vec<Move> = position
                    .moves()
                    .into_iter()
                    .filter(|&m| position.stays_in_tier(m))
                    .collect();
                let mut played: Vec<u64> = quiet
                    .iter()
                    .map(|&m| tiers.index(material, &position.after(m)))
                    .collect();
                played.sort_unstable();
                played.dedup();
                let counted = tiers.distinct_children(material, &position, &quiet, &mut Vec::new());
                assert_eq!(counted, played.len(), "{position}");
                checked_symmetric += usize::from(position.mirrored() == position);
            }
        }
        assert!(checked_symmetric > 0);
    }

    /// Sampled positions of small materials and their mirror images
    /// (whose first animal stands on files e–g), with their material.
    fn sampled_positions(tiers: &JungleTiers) -> Vec<(Material, Position)> {
        let mut sample = Vec::new();
        for spec in ["L-l", "R-e", "LR-e", "T-rd", "ER-lr", "E-lr"] {
            let material: Material = spec.parse().unwrap();
            let step = (tiers.tier_len(material) / 3000).max(1) as usize;
            for index in (0..tiers.tier_len(material)).step_by(step) {
                if let Some(position) = tiers.position(material, index) {
                    sample.push((material, position));
                    sample.push((material, position.mirrored()));
                }
            }
        }
        sample
    }

    #[test]
    fn exits_and_children_agree_with_the_move_list() {
        use gamesolver_core::Retrograde;
        let tiers = JungleTiers::colour_folded(Variant::Standard);
        let mut exits_seen = 0;
        for (material, position) in sampled_positions(&tiers) {
            let tier = tiers.stored_tier(material);
            let moves = position.moves();
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| position.stays_in_tier(m))
                .collect();
            let mut expected: Vec<String> = moves
                .iter()
                .filter(|&&m| !position.stays_in_tier(m))
                .map(|&m| position.after(m).to_string())
                .collect();
            let mut found = Vec::new();
            let children = tiers.exits_and_children(
                tier,
                &position,
                &mut Vec::new(),
                &mut Vec::new(),
                &mut |child| {
                    found.push(child.to_string());
                    true
                },
            );
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{position}");
            let counted = tiers.distinct_children(tier, &position, &quiet, &mut Vec::new());
            assert_eq!(children, Some(counted), "{position}");
            exits_seen += found.len();
        }
        assert!(exits_seen > 1000, "{exits_seen}");
    }

    #[test]
    fn an_exit_that_says_stop_stops_the_visit() {
        let tiers = JungleTiers::default();
        // Bottom's lion on d8, next to top's den and top's rat: two exits.
        let position = Position::from_fen("7/2rL3/7/7/7/7/7/7/7 w", Variant::Standard).unwrap();
        let mut calls = 0;
        let stopped = tiers.exits_and_children(
            Material::of(&position),
            &position,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut |_| {
                calls += 1;
                false
            },
        );
        assert_eq!((stopped, calls), (None, 1));
    }

    #[test]
    fn child_indices_agree_with_playing_the_moves() {
        use gamesolver_core::Retrograde;
        for tiers in [
            JungleTiers::default(),
            JungleTiers::colour_folded(Variant::Standard),
        ] {
            for (material, position) in sampled_positions(&tiers) {
                let tier = tiers.stored_tier(material);
                let quiet: Vec<Move> = position
                    .moves()
                    .into_iter()
                    .filter(|&m| position.stays_in_tier(m))
                    .collect();
                let played: Vec<u64> = quiet
                    .iter()
                    .map(|&m| tiers.index(tier, &position.after(m)))
                    .collect();
                let mut found = Vec::new();
                tiers.child_indices(tier, &position, &quiet, &mut found);
                assert_eq!(found, played, "{position}");
            }
        }
    }

    /// The sorted distinct indices of `child`'s parents, each found by
    /// taking back one un-move and indexing the result.
    fn parents_by_taking_back(
        tiers: &JungleTiers,
        material: Material,
        child: &Position,
    ) -> Vec<u64> {
        use gamesolver_core::Retrograde;
        let mut unmoves = Vec::new();
        child.unmoves(&mut unmoves);
        let mut parents: Vec<u64> = unmoves
            .iter()
            .map(|&u| tiers.index(material, &child.unplay(u)))
            .collect();
        parents.sort_unstable();
        parents.dedup();
        parents
    }

    #[test]
    fn parent_indices_agree_with_taking_back_every_unmove() {
        let tiers = JungleTiers::default();
        for spec in ["L-l", "R-e", "LR-e", "T-rd", "ER-lr"] {
            let material: Material = spec.parse().unwrap();
            let step = (tiers.tier_len(material) / 5000).max(1) as usize;
            for index in (0..tiers.tier_len(material)).step_by(step) {
                let Some(position) = tiers.position(material, index) else {
                    continue;
                };
                for child in [position, position.mirrored()] {
                    let expected = parents_by_taking_back(&tiers, material, &child);
                    let mut found = Vec::new();
                    tiers.parent_indices(material, &child, &mut Vec::new(), &mut found);
                    found.sort_unstable();
                    assert_eq!(found, expected, "{child}");
                    let mut from_index = Vec::new();
                    let stored =
                        tiers.parent_indices_of(material, index, &mut Vec::new(), &mut from_index);
                    from_index.sort_unstable();
                    assert!(stored);
                    assert_eq!(from_index, expected, "{child} from its index");
                }
            }
        }
    }

    #[test]
    fn colour_twins_map_back_and_the_folded_layout_indexes_through_them() {
        let plain = JungleTiers::default();
        let folded = JungleTiers::colour_folded(Variant::Standard);
        for spec in ["E-lr", "LR-e", "R-e", "T-t", "RL-rl"] {
            let material: Material = spec.parse().unwrap();
            let step = (plain.tier_len(material) / 3000).max(1) as usize;
            for index in (0..plain.tier_len(material)).step_by(step) {
                let Some(position) = plain.position(material, index) else {
                    assert_eq!(plain.twin(material, index), None);
                    continue;
                };
                let (twin, twin_index) = plain.twin(material, index).unwrap();
                assert_eq!(twin, material.flipped());
                assert_eq!(plain.index(twin, &position.flipped()), twin_index);
                assert_eq!(plain.twin(twin, twin_index), Some((material, index)));
                let stored = folded.tier_of(&position);
                assert_eq!(stored, material.canonical());
                let expected = if stored == material {
                    index
                } else {
                    twin_index
                };
                assert_eq!(folded.index(stored, &position), expected, "{position}");
            }
        }
    }

    #[test]
    fn the_folded_layout_captures_into_canonical_materials() {
        let folded = JungleTiers::colour_folded(Variant::Standard);
        let material: Material = "LR-er".parse().unwrap();
        let mut next: Vec<String> = folded
            .successors(material)
            .iter()
            .map(ToString::to_string)
            .collect();
        next.sort();
        // L-er and R-er are stored as their twins ER-l and ER-r.
        assert_eq!(next, ["ER-l", "ER-r", "LR-e", "LR-r"]);
        assert_eq!(
            folded.stored_tier("E-lr".parse().unwrap()).to_string(),
            "LR-e"
        );
    }

    #[test]
    fn the_odometer_agrees_with_decoding_each_index() {
        let tiers = JungleTiers::default();
        for spec in ["R-e", "LR-e", "ER-lr"] {
            let material: Material = spec.parse().unwrap();
            let len = tiers.tier_len(material);
            for start in [0, 1, 17, len / 2 - 3, len - 40] {
                let mut seen = 0;
                tiers.for_each_position(
                    material,
                    start..len.min(start + 5000),
                    &mut |index, position| {
                        assert_eq!(position, tiers.position(material, index), "{spec} {index}");
                        seen += 1;
                        true
                    },
                );
                assert_eq!(seen, (len.min(start + 5000) - start) as usize);
            }
        }
    }

    /// Five pieces (`--material LTE-er`): every tier fits the solver's
    /// 32-bit indices, and sampled indices round trip and find their
    /// parents as taking back each un-move does.
    #[test]
    fn five_piece_tiers_fit_32_bits_and_index_consistently() {
        let tiers = JungleTiers::default();
        let largest = Material::all_with(5)
            .into_iter()
            .map(|m| tiers.tier_len(m))
            .max()
            .unwrap();
        // Both rats, the first on files a-d: 2 sides to move x 34 x 61 x 49^3.
        assert_eq!(largest, 2 * 34 * 61 * 49 * 49 * 49);
        assert!(largest < 1 << 32);
        let material: Material = "LTE-er".parse().unwrap();
        assert_eq!(tiers.tier_len(material), 2 * 28 * 49 * 49 * 49 * 61);
        let step = tiers.tier_len(material) / 4000 + 1;
        let mut checked = 0;
        for index in (0..tiers.tier_len(material)).step_by(step as usize) {
            let Some(position) = tiers.position(material, index) else {
                continue;
            };
            assert_eq!(tiers.index(material, &position), index, "{position}");
            assert_eq!(tiers.index(material, &position.mirrored()), index);
            let expected = parents_by_taking_back(&tiers, material, &position);
            let mut found = Vec::new();
            assert!(tiers.parent_indices_of(material, index, &mut Vec::new(), &mut found));
            found.sort_unstable();
            assert_eq!(found, expected, "{position}");
            checked += 1;
        }
        assert!(checked > 2000, "{checked}");
    }

    #[test]
    fn dividing_by_the_reciprocal_is_exact() {
        for table in &TABLES {
            let d = table.count;
            let edges = [
                0,
                1,
                d - 1,
                d,
                d + 1,
                u64::from(u32::MAX) - 1,
                u64::from(u32::MAX),
            ];
            let beyond = [1 << 32, (1 << 32) + 1, u64::MAX];
            let spread =
                (0..100_000u64).map(|k| (k.wrapping_mul(0x9E37_79B9) >> 32) ^ (k * 42_943));
            for n in edges.into_iter().chain(beyond).chain(spread) {
                assert_eq!(table.divide(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    #[test]
    fn square_tables_have_the_documented_sizes() {
        let counts = TABLES.each_ref().map(|t| t.count);
        assert_eq!(counts, [49, 61, 28, 34]);
    }

    #[test]
    fn every_index_round_trips_for_small_materials() {
        let tiers = JungleTiers::default();
        for spec in ["L-l", "R-e", "E-r", "R-r", "LR-e", "C-tw"] {
            let material: Material = spec.parse().unwrap();
            let mut positions = 0u64;
            for index in 0..tiers.tier_len(material) {
                let Some(position) = tiers.position(material, index) else {
                    continue;
                };
                positions += if position.mirrored() == position {
                    1
                } else {
                    2
                };
                assert_eq!(tiers.index(material, &position), index, "{spec} {position}");
                assert_eq!(
                    tiers.index(material, &position.mirrored()),
                    index,
                    "{spec} mirror of {position}"
                );
                assert_eq!(Material::of(&position), material);
            }
            let per_side = positions / 2;
            match spec {
                "L-l" => assert_eq!(per_side, 49 * 48),
                "R-r" => assert_eq!(per_side, 61 * 60),
                "R-e" | "E-r" => assert_eq!(per_side, 61 * 49 - 49),
                _ => {}
            }
        }
    }
}
