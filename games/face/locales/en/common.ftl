# Texts every game shares (English).

## Refusals every game knows (by shared code)
refusal-token = This game has no such move.
refusal-seat = This table has no such seat.
refusal-deck = The cards are not dealt yet.
refusal-other = That is not possible now.
