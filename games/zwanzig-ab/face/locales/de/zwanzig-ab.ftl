# Texte von „20 ab“ (Deutsch). Jede Kennung beginnt mit „ab-“.

ab-name = 20 ab
ab-not-this-game = (Hier wird kein 20 ab gespielt.)
ab-suit-s = Pik
ab-suit-c = Kreuz
ab-suit-h = Herz
ab-suit-d = Karo
ab-rank-A = A
ab-rank-K = K
ab-rank-Q = D
ab-rank-J = B
ab-yes = ja
ab-no = nein

## Regeln
ab-rules-custom = eigene Regeln
ab-rules-title = Regeln: { $rules }
ab-flag-start-score = Startpunkte: { $value }
ab-flag-drop-limit = Aussteigen höchstens { $value }-mal pro Partie
ab-flag-drop-min-score = Aussteigen nur mit mehr als { $value } Punkten
ab-flag-drop-timing-with = Aussteigen statt Tauschen (ein Zug je Spieler)
ab-flag-drop-timing-after = Erst tauschen alle, dann eine Aussteigerunde
ab-flag-lone-forced = Mindestens zwei spielen jedes Spiel mit
ab-flag-lone-takes-all = Steigen alle anderen aus, bekommt der Ansager alle fünf Stiche
ab-flag-no-drop-trump-none = Aussteigen bei jeder Trumpffarbe erlaubt
ab-flag-no-drop-trump = Kein Aussteigen, wenn { $suit } Trumpf ist
ab-flag-must-trump = Trumpfzwang, wenn die Farbe fehlt: { $value }
ab-flag-must-head = Überstechzwang: { $value }
ab-flag-hearts-double = Herz als Trumpf zählt doppelt: { $value }
ab-flag-winner-first-out = Es gewinnt, wer zuerst auf 0 ist
ab-flag-winner-lowest = Es gewinnt der niedrigste Endstand
ab-flag-settlement-points = Jeder zahlt dem Sieger seine Restpunkte
ab-flag-settlement-flat = Jeder zahlt dem Sieger einen Punkt

## Tisch
ab-session-start = Neue Partie: alle beginnen mit { $score } Punkten.
ab-deal-title = Spiel { $deal } · Geber: { $dealer } · Ansager: { $maker }
ab-trump = Trumpf: { $symbol } { $suit }
ab-trump-pending = { $maker } sagt Trumpf an.
ab-seat-score = { $name }: { $count ->
    [1] 1 Punkt
   *[other] { $score } Punkte
}, noch { $left }× aussteigen
ab-seat-maker = Ansager
ab-decision-stay = bleibt
ab-decision-swap = tauscht { $count }
ab-decision-drop = ausgestiegen
ab-seat-tricks = { $count ->
    [one] 1 Stich
   *[other] { $count } Stiche
}
ab-bar-maker = der Ansager spielt immer
ab-bar-limit = alle { $limit } Ausstiege verbraucht
ab-bar-score = { $min } Punkte oder weniger
ab-bar-two = zwei müssen spielen
ab-bar-trump = bei { $suit } kein Aussteigen
ab-stock = Talon: { $count } Karten
ab-trick = Stich: { $plays }
ab-last-trick = Letzter Stich: { $plays } → { $winner }
ab-last-deal = Spiel { $deal }: { $deltas }
ab-to-act = Am Zug: { $name }
ab-winner = { $name } hat die Partie gewonnen.

## Eigene Karten
ab-private-waiting = Das nächste Spiel wird gleich ausgeteilt.
ab-private-dropped = Du bist in diesem Spiel ausgestiegen.
ab-private-first-packet = Dein erstes Paket: { $cards }
ab-private-hand = Deine Karten: { $cards }
ab-private-discards = Abgelegt: { $cards }
ab-ask-trump = Du bist Ansager: nenne Trumpf.
ab-ask-exchange = Bleiben, bis zu { $max } Karten tauschen (Karten wählen, dann „Tauschen“) oder aussteigen.
ab-ask-stay = Bleiben oder aussteigen.
ab-ask-drop-round = Mitspielen oder aussteigen.
ab-ask-card = Spiel eine Karte.
ab-picked = Zum Tauschen gewählt: { $cards }
ab-no-drop = Aussteigen geht nicht: { $why }.
ab-button-swap = Tauschen ({ $count })
ab-button-stay = Bleiben
ab-button-play = Mitspielen
ab-button-drop = Aussteigen

## Züge
ab-did-trump = { $name } sagt { $symbol } { $suit } als Trumpf an.
ab-did-stay = { $name } bleibt.
ab-did-swap = { $name } tauscht { $count ->
    [one] eine Karte
   *[other] { $count } Karten
}.
ab-did-drop = { $name } steigt aus.
ab-did-play = { $name } spielt mit.
ab-did-card = { $name } spielt { $card }.

## Abrechnung
ab-deal-over = Spiel { $deal } ist aus:
ab-score-line = { $name }: { $change } → { $score }
ab-score-dropped = ausgestiegen
ab-won-first-out = { $name } ist als Erste/r auf 0 und gewinnt die Partie.
ab-won-lowest = { $name } hat den niedrigsten Stand und gewinnt die Partie.
ab-pays = { $name } zahlt { $units } (Stand { $score })

## Ablehnungen (nach Regelcode)
ab-refusal-S-1 = Die Partie ist vorbei.
ab-refusal-S-2 = Gerade läuft kein Spiel.
ab-refusal-S-3 = Diesen Platz gibt es an diesem Tisch nicht.
ab-refusal-S-4 = Du bist nicht am Zug.
ab-refusal-T-1 = Zuerst muss Trumpf angesagt werden.
ab-refusal-T-2 = Trumpf ist schon angesagt.
ab-refusal-X-1 = Jetzt heißt es bleiben, tauschen oder aussteigen.
ab-refusal-X-2 = Du kannst höchstens drei Karten tauschen.
ab-refusal-X-3 = Diese Karte hast du nicht (oder doppelt gewählt).
ab-refusal-X-4 = So viele Karten hat der Talon nicht mehr.
ab-refusal-X-5 = Aussteigen kommt erst nach dem Tauschen.
ab-refusal-X-6 = Jetzt heißt es mitspielen oder aussteigen.
ab-refusal-D-10 = Der Ansager darf nicht aussteigen.
ab-refusal-D-11 = Du hast alle Ausstiege dieser Partie verbraucht.
ab-refusal-D-12 = Mit so wenigen Punkten darfst du nicht aussteigen.
ab-refusal-D-13 = Mindestens zwei müssen mitspielen.
ab-refusal-D-14 = Bei dieser Trumpffarbe darf niemand aussteigen.
ab-refusal-P-1 = Jetzt wird eine Karte gespielt.
ab-refusal-P-2 = Diese Karte hast du nicht.
ab-refusal-P-3 = Du musst Farbe bekennen.
ab-refusal-P-4 = Du musst mit Trumpf stechen.
ab-refusal-P-5 = Du musst überstechen.

# Typed at a table: what may be typed, and the tricks asked for.
ab-my-tricks = Deine Stiche ({ $count }): { $tricks }
ab-help = Eingaben: eine Nummer aus der Liste oder ihr Text (Herz, Bleiben, Tauschen, Aussteigen) · eine Karte (♥A oder hA, ♣D oder cQ, ♠10 oder s10) · n = nächste Partie · karten · stich · unsere = deine Stiche · stand · regeln · schluss · q = beenden
