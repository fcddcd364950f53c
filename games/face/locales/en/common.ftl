# Texts every game shares (English).

## Refusals every game knows (by shared code)
refusal-token = This game has no such move.
refusal-seat = This table has no such seat.
refusal-deck = The cards are not dealt yet.
refusal-other = That is not possible now.

## Table and settlement, the same in every game
seat-free = (free)
lobby-seat = { $number }. { $name }
lobby-hint = { $free ->
    [0] All seats are taken: "Start" deals.
    [one] One seat left: join, or add a computer player.
   *[other] { $free } seats left: join, or add computer players.
}
names-and = { $first } and { $last }
settlement-seat = { $mine ->
    [yes] ▶ { $name } (you)
   *[no] { $name }
}: { $change } ({ $money }) · balance { $balance } ({ $balance_money })
