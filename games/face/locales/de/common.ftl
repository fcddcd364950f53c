# Texte, die jedes Spiel teilt (Deutsch).

## Ablehnungen, die jedes Spiel kennt (nach gemeinsamem Code)
refusal-token = Diesen Zug gibt es in diesem Spiel nicht.
refusal-seat = Diesen Platz gibt es an diesem Tisch nicht.
refusal-deck = Die Karten sind noch nicht ausgeteilt.
refusal-other = Das geht jetzt nicht.

## Tisch und Abrechnung, in jedem Spiel gleich
seat-free = (frei)
lobby-seat = { $number }. { $name }
lobby-hint = { $free ->
    [0] Alle Plätze sind besetzt: „Starten“ teilt aus.
    [one] Noch ein Platz frei: mitspielen oder einen Computer dazusetzen.
   *[other] Noch { $free } Plätze frei: mitspielen oder Computer dazusetzen.
}
names-and = { $first } und { $last }
settlement-seat = { $mine ->
    [yes] ▶ { $name } (du)
   *[no] { $name }
}: { $change } ({ $money }) · Stand { $balance } ({ $balance_money })
