//! The solitaires' computer players: the Cribbage Solitaire advisor's
//! values checked against a brute-force count, both advisors deciding from
//! the observation alone (a different stock behind the same table gives the
//! same decisions), and the policies in their order of strength.

use cribbage::ai::{Policy, solitaire as sol_ai, square_solitaire as sq_ai};
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::count::{ShowKind, score_show};
use cribbage::games::State as _;
use cribbage::games::{solitaire, square_solitaire};

/// A lay-away's value is the hand with the known starter plus the crib over
/// every pair of unseen cards, counted here with the breakdown scorer.
#[test]
fn the_lay_away_values_are_exact() {
    let game = solitaire::Game::new(solitaire::Rules::default(), 11);
    let obs = game.observation(0);
    let starter = obs.starter.unwrap();
    let values = sol_ai::lay_away_values(&obs).unwrap();
    assert_eq!(values.len(), 15);
    let unseen = obs.unseen().to_vec();
    assert_eq!(unseen.len(), 45);
    for value in values.iter().step_by(4) {
        let hand = score_show(obs.hand - value.laid, starter, ShowKind::Hand).unwrap();
        assert_eq!(value.hand, f64::from(hand.total));
        let mut sum = 0u32;
        let mut pairs = 0u32;
        for (i, &a) in unseen.iter().enumerate() {
            for &b in &unseen[i + 1..] {
                let crib = value.laid.with(a).with(b);
                sum += u32::from(score_show(crib, starter, ShowKind::Crib).unwrap().total);
                pairs += 1;
            }
        }
        assert!((value.crib - f64::from(sum) / f64::from(pairs)).abs() < 1e-9);
    }
    let best = sol_ai::decide(Policy::Advisor, &obs, 0).unwrap();
    assert_eq!(best, values[0].action);
}

/// Two packs that agree on what the player has seen and differ in every
/// card still unseen give the same values and decisions.
#[test]
fn the_solitaire_advisor_reads_only_the_table() {
    let first = parse_cards("5H 5C 5S KH QH JD 2C 3C 5D").unwrap();
    let rest: Vec<Card> = (!first.iter().copied().collect::<CardSet>()).to_vec();
    let mut a = first.clone();
    a.extend(rest.iter().copied());
    let mut b = first;
    b.extend(rest.iter().rev().copied());
    let game = |pack: Vec<Card>| {
        solitaire::Game::with_setup(solitaire::Rules::default(), 1, solitaire::Setup { pack })
            .unwrap()
    };
    let (ga, gb) = (game(a), game(b));
    assert_eq!(ga.observation(0), gb.observation(0));
    for policy in [Policy::Advisor, Policy::Greedy, Policy::Random] {
        assert_eq!(
            sol_ai::decide(policy, &ga.observation(0), 5),
            sol_ai::decide(policy, &gb.observation(0), 5)
        );
    }
    assert_eq!(
        sol_ai::lay_away_values(&ga.observation(0)),
        sol_ai::lay_away_values(&gb.observation(0))
    );
}

/// Two stocks that agree on the first six cards and differ after: every
/// policy places those six cards the same way, and the advisor's values
/// at each step are the same.
#[test]
fn the_square_advisor_reads_only_the_table() {
    let first = parse_cards("5H 7C 8D JS 5C 2H").unwrap();
    let rest: Vec<Card> = (!first.iter().copied().collect::<CardSet>()).to_vec();
    let stack = |tail: Vec<Card>| {
        let mut cards = first.clone();
        cards.extend(tail.into_iter().take(11));
        square_solitaire::Game::with_setup(
            square_solitaire::Rules::default(),
            9,
            square_solitaire::Setup { cards },
        )
        .unwrap()
    };
    for policy in [Policy::Advisor, Policy::Greedy, Policy::Random] {
        let mut ga = stack(rest.clone());
        let mut gb = stack(rest.iter().rev().copied().collect());
        for step in 0..first.len() {
            let (oa, ob) = (ga.observation(0), gb.observation(0));
            assert_eq!(oa, ob, "step {step}");
            let da = sq_ai::decide(policy, &oa, 3).unwrap();
            assert_eq!(
                da,
                sq_ai::decide(policy, &ob, 3).unwrap(),
                "{policy} step {step}"
            );
            if policy == Policy::Advisor && step == 3 {
                assert_eq!(sq_ai::cell_values(&oa, 3), sq_ai::cell_values(&ob, 3));
            }
            ga.apply(da).unwrap();
            gb.apply(da).unwrap();
        }
    }
}

/// On an empty grid every cell is worth the same; later, every empty cell
/// gets a value in reach of a real game.
#[test]
fn the_square_advisor_values_every_empty_cell() {
    let mut game = square_solitaire::Game::new(square_solitaire::Rules::default(), 21);
    let values = sq_ai::cell_values(&game.observation(0), 1).unwrap();
    assert_eq!(values.len(), 16);
    assert!(values.iter().all(|v| v.expected == values[0].expected));
    assert!((30.0..90.0).contains(&values[0].expected), "{values:?}");
    for _ in 0..14 {
        let action = sq_ai::decide(Policy::Greedy, &game.observation(0), 1).unwrap();
        game.apply(action).unwrap();
    }
    // Two cells left: the card to come is tried as every unseen card.
    let values = sq_ai::cell_values(&game.observation(0), 1).unwrap();
    assert_eq!(values.len(), 2);
    assert!(values[0].expected >= values[1].expected);
}

/// Over the same deals, the advisor scores more than greedy, and greedy
/// more than random (Cribbage Solitaire: cheap enough to play many).
#[test]
fn the_solitaire_policies_are_in_order() {
    let mean = |policy: Policy| {
        let mut total = 0u32;
        for seed in 0..300 {
            let mut game = solitaire::Game::new(solitaire::Rules::default(), seed);
            while !game.is_over() {
                let action = sol_ai::decide(policy, &game.observation(0), seed).unwrap();
                game.apply(action).unwrap();
            }
            total += u32::from(game.score());
        }
        f64::from(total) / 300.0
    };
    let (advisor, greedy, random) = (
        mean(Policy::Advisor),
        mean(Policy::Greedy),
        mean(Policy::Random),
    );
    assert!(advisor > greedy + 2.0, "{advisor} {greedy}");
    assert!(greedy > random + 15.0, "{greedy} {random}");
}

/// The coach lists every legal lay-away once, best first, with the level's
/// choice on top; the review of the advisor's own game loses nothing, and
/// another game loses what the table says.
#[test]
fn the_solitaire_coach_and_review_agree_with_the_advisor() {
    use cribbage::ai::Level;
    use cribbage::ai::solitaire::coach;
    use cribbage::record::Session;
    for seed in 0..4 {
        let mut best = Session::new(solitaire::Game::new(solitaire::Rules::default(), seed));
        let mut first = Session::new(solitaire::Game::new(solitaire::Rules::default(), seed));
        while !best.game().is_over() {
            let obs = best.game().observation(0);
            let coach::Analysis::LayAway { options, cribs, .. } =
                coach::analyze(&obs, Level::Hard).unwrap();
            let mut listed: Vec<_> = options.iter().map(|o| o.action.to_string()).collect();
            let mut legal: Vec<_> = obs.legal.iter().map(ToString::to_string).collect();
            listed.sort();
            legal.sort();
            assert_eq!(listed, legal, "every lay-away once");
            assert!(options.windows(2).all(|w| w[0].total >= w[1].total));
            assert_eq!(cribs, obs.unseen().len() * (obs.unseen().len() - 1) / 2);
            let chosen = coach::decide(Level::Hard, &obs, 1).unwrap();
            assert_eq!(chosen, options[0].action);
            best.apply(chosen).unwrap();
            let other = first.game().legal_actions()[0];
            first.apply(other).unwrap();
        }
        let review = coach::review(&best, &[], Level::Hard);
        assert_eq!(review.decisions.len(), 6);
        assert!(
            review
                .decisions
                .iter()
                .all(|d| d.loss == 0.0 && d.chosen == d.best)
        );
        assert_eq!(review.points_lost, vec![0.0]);
        let review = coach::review(&first, &[0], Level::Hard);
        let lost: f64 = review.decisions.iter().map(|d| d.loss).sum();
        assert!((review.points_lost[0] - lost).abs() < 1e-9);
        assert!(review.decisions.iter().all(|d| d.loss >= 0.0));
        assert!(review.decisions.iter().any(|d| d.loss > 0.0), "seed {seed}");
    }
}

/// The same for Cribbage Square Solitaire at Medium: every empty cell once,
/// best first, the level's choice on top, and its own game loses nothing.
#[test]
fn the_square_coach_and_review_agree_with_the_advisor() {
    use cribbage::ai::Level;
    use cribbage::ai::square_solitaire::coach;
    use cribbage::record::Session;
    let mut session = Session::new(square_solitaire::Game::new(
        square_solitaire::Rules::default(),
        5,
    ));
    while !session.game().is_over() {
        let obs = session.game().observation(0);
        let coach::Analysis::Place {
            options, samples, ..
        } = coach::analyze(&obs, Level::Medium, 9).unwrap();
        let mut cells: Vec<usize> = options.iter().map(|o| usize::from(o.cell)).collect();
        cells.sort_unstable();
        assert_eq!(
            cells,
            obs.empty_cells().collect::<Vec<_>>(),
            "every empty cell once"
        );
        assert!(options.windows(2).all(|w| w[0].value >= w[1].value));
        // The cell by its index and by its row and column, as in every grid game.
        assert!(
            options
                .iter()
                .all(|o| o.cell == o.row * 4 + o.col && o.col < 4)
        );
        assert!(samples >= 1);
        let chosen = coach::decide(Level::Medium, &obs, 9).unwrap();
        assert_eq!(chosen, options[0].action);
        session.apply(chosen).unwrap();
    }
    let review = coach::review(&session, &[], Level::Medium, 9);
    assert_eq!(review.decisions.len(), 15, "the last card has no choice");
    assert!(
        review
            .decisions
            .iter()
            .all(|d| d.loss == 0.0 && d.chosen == d.best)
    );
    assert_eq!(review.points_lost, vec![0.0]);
}

/// Item 16 of issue 25: each lay-away a review judges opens its position
/// (the six cards, the crib's two face-down cards, the starter, the score
/// so far) with every lay-away as the coach valued it; each placement of
/// Square Solitaire its grid, the card and every empty cell's value.
#[test]
fn a_reviewed_decision_opens_its_position() {
    use cribbage::ai::Level;
    use cribbage::ai::{solitaire::coach as sol_coach, square_solitaire::coach as sq_coach};
    use cribbage::games::GameKind;
    use cribbage::record::Session;
    let mut session = Session::new(solitaire::Game::new(solitaire::Rules::default(), 3));
    while !session.game().is_over() {
        let last = *session.game().legal_actions().last().unwrap();
        session.apply(last).unwrap();
    }
    let review = sol_coach::review(&session, &[], Level::Hard);
    assert_eq!(review.game, GameKind::Solitaire);
    assert_eq!(review.decisions.len(), 6);
    let mut game = solitaire::Game::new(solitaire::Rules::default(), 3);
    for (d, &action) in review.decisions.iter().zip(session.game().actions()) {
        let obs = game.observation(0);
        let p = &d.position;
        assert_eq!(
            (p.hand, Some(p.starter), p.crib, p.score),
            (obs.hand, obs.starter, 2, obs.score)
        );
        let sol_coach::Analysis::LayAway { options, .. } =
            sol_coach::analyze(&obs, Level::Hard).unwrap();
        assert_eq!(p.options, options);
        assert_eq!(p.options[0].action, d.best);
        assert!(
            p.options
                .iter()
                .any(|o| o.action == d.chosen && o.total == d.chosen_value)
        );
        game.apply(action).unwrap();
    }

    let mut session = Session::new(square_solitaire::Game::new(
        square_solitaire::Rules::default(),
        3,
    ));
    while !session.game().is_over() {
        let first = session.game().legal_actions()[0];
        session.apply(first).unwrap();
    }
    let review = sq_coach::review(&session, &[], Level::Medium, 2);
    assert_eq!(review.game, GameKind::SquareSolitaire);
    let mut game = square_solitaire::Game::new(square_solitaire::Rules::default(), 3);
    let actions = session.game().actions().to_vec();
    for d in &review.decisions {
        while game.actions().len() < d.index {
            game.apply(actions[game.actions().len()]).unwrap();
        }
        let obs = game.observation(0);
        let p = &d.position;
        assert_eq!(p.grid, obs.grid.to_vec());
        assert_eq!(Some(p.card), obs.card);
        assert!(p.scores.is_empty());
        let empty = obs.grid.iter().filter(|c| c.is_none()).count();
        assert_eq!(p.cells.len(), empty, "every empty cell");
        assert!(
            p.cells
                .iter()
                .all(|c| p.grid[usize::from(c.cell)].is_none())
        );
        assert!(p.cells.windows(2).all(|w| w[0].value >= w[1].value));
        let index = |action: square_solitaire::Action| {
            let square_solitaire::Action::Place { row, col } = action;
            row * 4 + col
        };
        assert_eq!(
            (p.cells[0].cell, p.best, p.cells[0].value),
            (index(d.best), index(d.best), d.best_value)
        );
        assert_eq!(p.chosen, index(d.chosen));
        assert!(
            p.cells
                .iter()
                .any(|c| c.cell == p.chosen && c.value == d.chosen_value)
        );
    }
    assert!(review.decisions.len() >= 14);
}

/// Issue 26's deadline: the square advisor's table is a search within a
/// budget of grids played out. Within the budget it is the unbudgeted
/// table exactly; past it (a grid whose rows and columns all hold cards,
/// so every empty cell is a kind of its own), it averages fewer sequences
/// than asked, still values every empty cell, and the same observation
/// and seed give the same table and the same placement at every level.
#[test]
fn the_square_advisor_keeps_its_budget_and_replays() {
    use cribbage::ai::Level;
    use cribbage::ai::square_solitaire::coach;
    // Two cells left: the card to come is tried as each unseen card, two
    // kinds of cell at most, well within the budget: the full table.
    let mut near_end = square_solitaire::Game::new(square_solitaire::Rules::default(), 31);
    for _ in 0..14 {
        let action = sq_ai::decide(Policy::Greedy, &near_end.observation(0), 1).unwrap();
        near_end.apply(action).unwrap();
    }
    let obs = near_end.observation(0);
    assert_eq!(
        sq_ai::cell_table_within(&obs, 4, sq_ai::ROLLOUTS, sq_ai::BUDGET),
        sq_ai::cell_table(&obs, 4, sq_ai::ROLLOUTS)
    );
    // On an empty grid one cell stands for all: it takes the whole budget.
    let mut game = square_solitaire::Game::new(square_solitaire::Rules::default(), 31);
    let obs = game.observation(0);
    let first = sq_ai::cell_table_within(&obs, 4, sq_ai::ROLLOUTS, sq_ai::BUDGET).unwrap();
    assert_eq!(first.samples, sq_ai::BUDGET.min(sq_ai::ROLLOUTS));
    // The diagonal first: every row and column holds a card.
    for cell in [0, 5, 10, 15] {
        let action = square_solitaire::Action::at_cell(cell).unwrap();
        game.apply(action).unwrap();
    }
    let obs = game.observation(0);
    let full = sq_ai::cell_table(&obs, 4, sq_ai::ROLLOUTS).unwrap();
    assert_eq!(full.samples, sq_ai::ROLLOUTS);
    let table = sq_ai::cell_table_within(&obs, 4, sq_ai::ROLLOUTS, sq_ai::BUDGET).unwrap();
    assert!(
        table.samples < sq_ai::ROLLOUTS && table.samples > 0,
        "{}",
        table.samples
    );
    assert!(
        12 * table.samples > sq_ai::BUDGET,
        "the budget is spent on the best cells"
    );
    let mut cells: Vec<usize> = table.values.iter().map(|v| v.cell).collect();
    cells.sort_unstable();
    assert_eq!(cells, obs.empty_cells().collect::<Vec<_>>());
    assert!(
        table
            .values
            .windows(2)
            .all(|w| w[0].expected >= w[1].expected)
    );
    assert_eq!(
        Ok(table.clone()),
        sq_ai::cell_table_within(&obs, 4, sq_ai::ROLLOUTS, sq_ai::BUDGET)
    );
    // The budgeted advisor's choice is one of the unbudgeted table's best.
    let best = table.values[0].cell;
    let rank = full.values.iter().position(|v| v.cell == best).unwrap();
    assert!(rank < 4, "the budget's best is the full table's {rank}th");
    for level in Level::PLAYABLE {
        let action = coach::decide(level, &obs, 8).unwrap();
        assert!(obs.legal.contains(&action), "{level}");
        assert_eq!(action, coach::decide(level, &obs, 8).unwrap(), "{level}");
        assert_eq!(
            coach::analyze(&obs, level, 8).unwrap(),
            coach::analyze(&obs, level, 8).unwrap(),
            "{level}"
        );
    }
}

/// The grid games' coaches and reviews hand a page one form: the grid's
/// size, what the values measure, and each cell by its index, row and
/// column, so the page lays out and words either game from the data alone.
#[test]
fn the_grid_games_analyses_and_reviews_share_one_form() {
    use cribbage::ai::Level;
    use cribbage::ai::{square_solitaire::coach as sq_coach, table_top::coach as tt_coach};
    use cribbage::games::table_top;
    use cribbage::record::Session;
    use serde_json::{Value, json};

    let mut square = Session::new(square_solitaire::Game::new(
        square_solitaire::Rules::default(),
        5,
    ));
    let sq = serde_json::to_value(
        sq_coach::analyze(&square.game().observation(0), Level::Medium, 1).unwrap(),
    )
    .unwrap();
    let first = square.game().observation(0).legal[0];
    square.apply(first).unwrap();
    let sq_review = serde_json::to_value(sq_coach::review(&square, &[], Level::Medium, 1)).unwrap();

    let mut top = Session::new(table_top::Game::new(table_top::Rules::default(), 5));
    let seat = top.game().current_player().unwrap();
    let tt = serde_json::to_value(
        tt_coach::analyze(&top.game().observation(seat), Level::Medium, 1).unwrap(),
    )
    .unwrap();
    let first = top.game().observation(seat).legal[0];
    top.apply(first).unwrap();
    let tt_review =
        serde_json::to_value(tt_coach::review(&top, &[seat], Level::Medium, 1)).unwrap();

    // The observations say the grid's size as well, so a page lays out the grid from them.
    assert_eq!(
        serde_json::to_value(square.game().observation(0)).unwrap()["size"],
        4
    );
    assert_eq!(
        serde_json::to_value(top.game().observation(seat)).unwrap()["size"],
        5
    );

    for (analysis, review, size, measure) in [
        (&sq, &sq_review, 4, "expected"),
        (&tt, &tt_review, 5, "net"),
    ] {
        assert_eq!(analysis["kind"], "place");
        assert_eq!(
            (&analysis["size"], &analysis["measure"]),
            (&json!(size), &json!(measure))
        );
        let options = analysis["options"].as_array().unwrap();
        assert!(!options.is_empty());
        for o in options {
            let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
            // (serde_json's objects keep their keys sorted.)
            assert_eq!(keys, ["action", "cell", "col", "row", "value"], "{o}");
            let at = |k: &str| o[k].as_u64().unwrap();
            assert_eq!(at("cell"), at("row") * size + at("col"), "{o}");
            assert!(at("col") < size && at("row") < size, "{o}");
        }
        assert_eq!(review["measure"], measure);
        let position: &Value = &review["decisions"][0]["position"];
        assert_eq!(position["size"], size);
        assert_eq!(
            position["grid"].as_array().unwrap().len() as u64,
            size * size
        );
    }
}
