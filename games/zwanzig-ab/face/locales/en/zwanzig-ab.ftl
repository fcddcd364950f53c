# Texts of "20 ab" (English). Every id starts with "ab-".

ab-name = 20 ab
ab-not-this-game = (This round is not 20 ab.)
ab-suit-s = spades
ab-suit-c = clubs
ab-suit-h = hearts
ab-suit-d = diamonds
ab-rank-A = A
ab-rank-K = K
ab-rank-Q = Q
ab-rank-J = J
ab-yes = yes
ab-no = no

## Rules
ab-rules-custom = custom rules
ab-rules-title = Rules: { $rules }
ab-flag-start-score = Start score: { $value }
ab-flag-drop-limit = Drop out at most { $value } times per session
ab-flag-drop-min-score = Drop out only with more than { $value } points
ab-flag-drop-timing-with = Drop instead of exchanging (one turn each)
ab-flag-drop-timing-after = Everyone exchanges first, then a round of drops
ab-flag-lone-forced = At least two players play every deal
ab-flag-lone-takes-all = If all others drop, the trump maker takes all five tricks
ab-flag-no-drop-trump-none = Dropping allowed whatever the trump
ab-flag-no-drop-trump = No dropping when { $suit } are trump
ab-flag-must-trump = Must trump when void: { $value }
ab-flag-must-head = Must beat the trick: { $value }
ab-flag-hearts-double = Hearts as trump count double: { $value }
ab-flag-winner-first-out = The first player down to 0 wins
ab-flag-winner-lowest = The lowest final score wins
ab-flag-settlement-points = Each loser pays the winner their remaining points
ab-flag-settlement-flat = Each loser pays the winner one point

## Table
ab-session-start = New session: everyone starts at { $score } points.
ab-deal-title = Deal { $deal } · dealer: { $dealer } · trump maker: { $maker }
ab-trump = Trump: { $symbol } { $suit }
ab-trump-pending = { $maker } names trump.
ab-seat-score = { $name }: { $count ->
    [1] 1 point
   *[other] { $score } points
}, { $left ->
    [one] 1 drop left
   *[other] { $left } drops left
}
ab-seat-maker = trump maker
ab-decision-stay = stays
ab-decision-swap = exchanges { $count }
ab-decision-drop = dropped out
ab-seat-tricks = { $count ->
    [one] 1 trick
   *[other] { $count } tricks
}
ab-bar-maker = the trump maker always plays
ab-bar-limit = all { $limit } drops used
ab-bar-score = { $min } points or fewer
ab-bar-two = two must play
ab-bar-trump = no dropping with { $suit }
ab-stock = Stock: { $count } cards
ab-trick = Trick: { $plays }
ab-last-trick = Last trick: { $plays } → { $winner }
ab-last-deal = Deal { $deal }: { $deltas }
ab-to-act = To act: { $name }
ab-winner = { $name } has won the session.

## Own cards
ab-private-waiting = The next deal is about to be dealt.
ab-private-dropped = You dropped out of this deal.
ab-private-first-packet = Your first packet: { $cards }
ab-private-hand = Your cards: { $cards }
ab-private-discards = Discarded: { $cards }
ab-ask-trump = You are the trump maker: name trump.
ab-ask-exchange = Stay, exchange up to { $max } cards (choose the cards, then "Exchange") or drop out.
ab-ask-stay = Stay or drop out.
ab-ask-drop-round = Play or drop out.
ab-ask-card = Play a card.
ab-picked = Chosen to exchange: { $cards }
ab-no-drop = You may not drop out: { $why }.
ab-button-swap = Exchange ({ $count })
ab-button-stay = Stay
ab-button-play = Play
ab-button-drop = Drop out

## Moves
ab-did-trump = { $name } names { $symbol } { $suit } trump.
ab-did-stay = { $name } stays.
ab-did-swap = { $name } exchanges { $count ->
    [one] one card
   *[other] { $count } cards
}.
ab-did-drop = { $name } drops out.
ab-did-play = { $name } plays.
ab-did-card = { $name } plays { $card }.

## Settlement
ab-deal-over = Deal { $deal } is over:
ab-score-line = { $name }: { $change } → { $score }
ab-score-dropped = dropped out
ab-won-first-out = { $name } is first down to 0 and wins the session.
ab-won-lowest = { $name } has the lowest score and wins the session.
ab-pays = { $name } pays { $units } (score { $score })

## Refusals (by rule code)
ab-refusal-S-1 = The session is over.
ab-refusal-S-2 = No deal is under way.
ab-refusal-S-3 = This table has no such seat.
ab-refusal-S-4 = It is not your turn.
ab-refusal-T-1 = Trump must be named first.
ab-refusal-T-2 = Trump is already named.
ab-refusal-X-1 = Now it is stay, exchange or drop out.
ab-refusal-X-2 = You may exchange at most three cards.
ab-refusal-X-3 = You do not hold that card (or chose it twice).
ab-refusal-X-4 = The stock does not hold that many cards any more.
ab-refusal-X-5 = Dropping out comes after the exchange.
ab-refusal-X-6 = Now it is play or drop out.
ab-refusal-D-10 = The trump maker may not drop out.
ab-refusal-D-11 = You have used all your drops of this session.
ab-refusal-D-12 = With so few points you may not drop out.
ab-refusal-D-13 = At least two players must play.
ab-refusal-D-14 = Nobody may drop out with this trump.
ab-refusal-P-1 = Now a card is played.
ab-refusal-P-2 = You do not hold that card.
ab-refusal-P-3 = You must follow suit.
ab-refusal-P-4 = You must trump.
ab-refusal-P-5 = You must beat the trick.

# Typed at a table: what may be typed, and the tricks asked for.
ab-my-tricks = Your tricks ({ $count }): { $tricks }
ab-help = Type: a number from the list or its text (hearts, Stay, Exchange, Drop out) · a card (♥A or hA, ♣Q or cQ, ♠10 or s10) · n = next session · hand · trick · ours = your tricks · balance · rules · close · q = quit
