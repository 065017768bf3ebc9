//! The `cribbage` command-line tool (in progress).

fn main() {
    println!("cribbage {}", env!("CARGO_PKG_VERSION"));
}
