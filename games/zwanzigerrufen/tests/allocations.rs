//! The engine's speed guard that does not depend on time (issue 14): a
//! counting global allocator shows how often a random deal goes to the heap.
//!
//! A deal allocates exactly twice: the bidding log when the game is made (one
//! block with room for 64 bids and Weiters; a longer bidding would grow it)
//! and the lines of the settlement. Shuffling, the redeal check, the whole bidding, the 40 checked
//! card plays and the simulator's invariant checks allocate nothing. An
//! allocation slipped into one of them multiplies the cost of a deal (the
//! per-deal rules check that serialized the rules to JSON cost four times the
//! rest of the deal), so it fails here before it shows in a benchmark.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzigerrufen::sim::{random_action, random_game, simulate};
use tarock_zwanzigerrufen::{Action, Preset, Seat};

/// Counts the allocations (and reallocations) of the current thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    ALLOCATIONS.with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator; the
// counter is a const-initialized thread local, which itself never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The allocations `f` makes on this thread, and its result.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

/// Deals per preset: enough for every game kind, premiums and Kontras.
const DEALS: u64 = 2_000;

#[test]
fn a_deal_allocates_only_its_log_and_its_settlement() {
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut rng = SmallRng::seed_from_u64(14);
        for i in 0..DEALS {
            let forehand = Seat::ALL[(i % 4) as usize];
            let (made, (mut game, _)) = allocations(|| random_game(&mut rng, &rules, forehand));
            assert_eq!(made, 1, "{preset} deal {i}: making the game");
            let (played, ()) = allocations(|| {
                while let Some((seat, action)) = random_action(&game, &mut rng) {
                    let step = match action {
                        Action::Play(card) => game.play_card(seat, card),
                        _ => game.apply(seat, action),
                    };
                    step.expect("random_action picks legal actions");
                }
            });
            assert_eq!(
                played,
                0,
                "{preset} deal {i}: bidding and {} actions",
                game.log().count()
            );
            let (settled, settlement) = allocations(|| game.settlement());
            assert!(settlement.is_some());
            assert_eq!(settled, 1, "{preset} deal {i}: settlement");
        }
    }
}

#[test]
fn the_simulator_allocates_twice_per_deal() {
    for preset in Preset::ALL {
        let mut rng = SmallRng::seed_from_u64(7);
        let (n, tally) = allocations(|| simulate(&mut rng, &preset.rules(), DEALS));
        let tally = tally.expect("every deal keeps the invariants");
        assert_eq!(tally.finished, DEALS);
        assert_eq!(n, 2 * DEALS, "{preset}");
    }
}
