//! The 5×5 layout: its cells, its lines, and where a card may go.
//!
//! Cells are numbered row by row from the top left, 0 to 24; the centre,
//! where the first card is turned up, is cell 12. A card may go on an empty
//! cell next to (beside, above, below or diagonally from) a card already
//! placed. The layout is always the 5×5 centred on the first card, so "no
//! more than two spaces from the centre" is simply "on the grid".
//!
//! ```
//! use cribbage::games::table_top::{Cell, Layout};
//!
//! let mut layout = Layout::new("5H".parse()?);
//! assert_eq!(layout.open_cells().count(), 8);
//! let cell: Cell = "r2c2".parse()?;
//! layout.place(cell, "6C".parse()?);
//! // Its own cell is taken; five of its neighbours are new (r1c1, r1c2,
//! // r1c3, r2c1, r3c1): 8 − 1 + 5.
//! assert_eq!(layout.open_cells().count(), 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::rules::CELLS;
use crate::cards::{Card, CardSet};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Cells on a side of the layout.
pub const SIDE: usize = 5;

/// Every cell of the layout as bits.
const ALL: u32 = (1 << CELLS) - 1;

/// One cell of the layout: row by row from the top left, 0 to 24.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The centre, where the first card is turned up.
    pub const CENTRE: Cell = Cell(12);

    /// The cell at `row` and `col` (0 to 4 each).
    pub fn at(row: usize, col: usize) -> Option<Cell> {
        (row < SIDE && col < SIDE).then(|| Cell((row * SIDE + col) as u8))
    }

    /// The cell numbered `index` (0 to 24).
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < CELLS).then_some(Cell(index as u8))
    }

    /// Its number, 0 to 24.
    pub fn index(self) -> usize {
        let index = usize::from(self.0);
        // Each cell is made in range, by `at`, `from_index` or a line's five.
        debug_assert!(index < CELLS, "cell {index} of {CELLS}");
        index
    }

    /// Its row, 0 (top) to 4.
    pub fn row(self) -> usize {
        self.index() / SIDE
    }

    /// Its column, 0 (left) to 4.
    pub fn col(self) -> usize {
        self.index() % SIDE
    }

    /// Its bit in a set of cells.
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// Every cell, in order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// The cells next to this one (beside, above, below, diagonal), as bits.
    pub fn neighbours(self) -> u32 {
        NEIGHBOURS[self.index()]
    }
}

/// Each cell's neighbours, as bits: the eight around it that are on the grid.
const NEIGHBOURS: [u32; CELLS] = {
    let mut table = [0u32; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = ((i / SIDE) as i32, (i % SIDE) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && nr >= 0 && nr < 5 && nc >= 0 && nc < 5 {
                    table[i] |= 1 << (nr * 5 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        i += 1;
    }
    table
};

impl fmt::Display for Cell {
    /// `r2c3`: row 2, column 3, each counted from 1 at the top left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// Why text is not a [`Cell`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCellError(String);

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a cell: write r then the row, c then the column, each 1 to 5 (r3c3 is the centre)",
            self.0
        )
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let bad = || ParseCellError(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        match b {
            [b'r', r @ b'1'..=b'5', b'c', c @ b'1'..=b'5'] => {
                Cell::at(usize::from(r - b'1'), usize::from(c - b'1')).ok_or_else(bad)
            }
            _ => Err(bad()),
        }
    }
}

/// A cell crosses the boundary as its number (0 to 24, row by row from the
/// top left), the form every grid game's observation, moves and events give
/// a cell; `r2c3` is its form in action text only.
impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Cell::from_index(usize::from(index)).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{index} is not a cell: cells are 0 to {}",
                CELLS - 1
            ))
        })
    }
}

/// A line of five: a row or a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "line", content = "index", rename_all = "snake_case")]
pub enum Line {
    /// A row, 0 (top) to 4.
    Row(u8),
    /// A column, 0 (left) to 4.
    Column(u8),
}

impl Line {
    /// The five rows, top to bottom.
    pub fn rows() -> [Line; SIDE] {
        [0, 1, 2, 3, 4].map(Line::Row)
    }

    /// The five columns, left to right.
    pub fn columns() -> [Line; SIDE] {
        [0, 1, 2, 3, 4].map(Line::Column)
    }

    /// The five lines in one direction: the rows, or the columns.
    pub fn all(direction: Direction) -> [Line; SIDE] {
        match direction {
            Direction::Rows => Line::rows(),
            Direction::Columns => Line::columns(),
        }
    }

    /// Its cells, left to right or top to bottom.
    pub fn cells(self) -> [Cell; SIDE] {
        // Lines are made only here (`rows`, `columns`) and from a cell's own
        // row and column, never read from outside: an index is always 0–4.
        debug_assert!(
            matches!(self, Line::Row(0..=4) | Line::Column(0..=4)),
            "{self:?}"
        );
        match self {
            Line::Row(r) => [0, 1, 2, 3, 4].map(|c| Cell(r * 5 + c)),
            Line::Column(c) => [0, 1, 2, 3, 4].map(|r| Cell(r * 5 + c)),
        }
    }

    /// Which way it runs.
    pub fn direction(self) -> Direction {
        match self {
            Line::Row(_) => Direction::Rows,
            Line::Column(_) => Direction::Columns,
        }
    }
}

impl fmt::Display for Line {
    /// `row 1` … `column 5`, counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Column(c) => write!(f, "column {}", c + 1),
        }
    }
}

/// The lines a side scores: the rows or the columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// The five rows.
    Rows,
    /// The five columns.
    Columns,
}

impl Direction {
    /// The other direction.
    pub fn other(self) -> Direction {
        match self {
            Direction::Rows => Direction::Columns,
            Direction::Columns => Direction::Rows,
        }
    }
}

/// The cards on the table: the 5×5 grid as it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    cells: [Option<Card>; CELLS],
    filled: u32,
}

impl Layout {
    /// A layout with only its centre card.
    pub fn new(centre: Card) -> Layout {
        let mut cells = [None; CELLS];
        cells[Cell::CENTRE.index()] = Some(centre);
        Layout {
            cells,
            filled: Cell::CENTRE.bit(),
        }
    }

    /// A layout holding the cards of `grid`, row by row (`None` for an
    /// empty cell; cells past the 25th are ignored).
    pub fn from_grid(grid: &[Option<Card>]) -> Layout {
        let mut layout = Layout {
            cells: [None; CELLS],
            filled: 0,
        };
        for (cell, card) in Cell::all().zip(grid) {
            if let Some(card) = card {
                layout.place(cell, *card);
            }
        }
        layout
    }

    /// The card on a cell.
    pub fn get(&self, cell: Cell) -> Option<Card> {
        self.cells[cell.index()]
    }

    /// Every cell's card, row by row.
    pub fn cells(&self) -> &[Option<Card>; CELLS] {
        &self.cells
    }

    /// The filled cells, as bits.
    pub fn filled(&self) -> u32 {
        self.filled
    }

    /// The cards on the table.
    pub fn cards(&self) -> CardSet {
        self.cells.iter().flatten().copied().collect()
    }

    /// How many cards are on the table.
    pub fn len(&self) -> usize {
        self.filled.count_ones() as usize
    }

    /// Whether the layout is empty (never, once a hand is dealt: the centre
    /// is always there).
    pub fn is_empty(&self) -> bool {
        self.filled == 0
    }

    /// Whether every cell holds a card.
    pub fn is_full(&self) -> bool {
        self.filled == ALL
    }

    /// The cells a card may go on now, as bits: empty, and next to a card.
    pub fn open(&self) -> u32 {
        open_cells(self.filled)
    }

    /// The cells a card may go on now, in order.
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let open = self.open();
        Cell::all().filter(move |c| open & c.bit() != 0)
    }

    /// Whether a card may go on `cell` now.
    pub fn is_open(&self, cell: Cell) -> bool {
        self.open() & cell.bit() != 0
    }

    /// Puts `card` on `cell`. The caller checks the cell is open.
    pub fn place(&mut self, cell: Cell, card: Card) {
        self.cells[cell.index()] = Some(card);
        self.filled |= cell.bit();
    }

    /// The cards of a line, in order, `None` where a cell is empty.
    pub fn line(&self, line: Line) -> [Option<Card>; SIDE] {
        line.cells().map(|c| self.get(c))
    }

    /// The five cards of a full line.
    pub fn full_line(&self, line: Line) -> Option<[Card; SIDE]> {
        let cards = self.line(line);
        let mut out = [cards[0]?; SIDE];
        for (slot, card) in out.iter_mut().zip(cards) {
            *slot = card?;
        }
        Some(out)
    }
}

/// The cells a card may go on when `filled` are taken: empty cells next to
/// a filled one.
pub fn open_cells(filled: u32) -> u32 {
    let mut near = 0;
    let mut rest = filled;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        near |= NEIGHBOURS[i];
        rest &= rest - 1;
    }
    near & !filled & ALL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_and_write_their_text() {
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
        assert_eq!(Cell::CENTRE.to_string(), "r3c3");
        for bad in ["r0c1", "r6c1", "c1r1", "r1c", "", "r11c1", "12"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        assert_eq!(Cell::at(0, 0).unwrap().neighbours().count_ones(), 3);
        assert_eq!(Cell::at(0, 2).unwrap().neighbours().count_ones(), 5);
        assert_eq!(Cell::CENTRE.neighbours().count_ones(), 8);
    }

    #[test]
    fn lines_cross_at_one_cell() {
        for row in Line::rows() {
            for col in Line::columns() {
                let common = row
                    .cells()
                    .iter()
                    .filter(|c| col.cells().contains(c))
                    .count();
                assert_eq!(common, 1);
            }
        }
    }
}
