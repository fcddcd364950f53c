# Texte des Königrufens (Deutsch). Jede Id beginnt mit "kr-".

kr-name = Königrufen
kr-not-this-game = (Hier wird kein Königrufen gespielt.)
kr-not-dealt = Die Karten werden gleich gegeben.
kr-yes = ja
kr-no = nein
kr-skus = Sküs
kr-rank-K = K
kr-rank-Q = D
kr-rank-N = R
kr-rank-J = B
kr-points = { $points } Punkte { $blatt } Blatt

## Spiele
kr-contract-trischaken = Trischaken
kr-contract-rufer = Rufer
kr-contract-piccolo = Piccolo
kr-contract-zwiccolo = Zwiccolo
kr-contract-solorufer = Solorufer
kr-contract-pagatrufer = Pagatrufer
kr-contract-bettler = Bettler
kr-contract-mussolini = Mussolini
kr-contract-sechserdreier = Sechserdreier
kr-contract-uhurufer = Uhurufer
kr-contract-farbendreier = Farbendreier
kr-contract-dreier = Dreier
kr-contract-piccolo-ouvert = Piccolo ouvert
kr-contract-zwiccolo-ouvert = Zwiccolo ouvert
kr-contract-kakadurufer = Kakadurufer
kr-contract-bettler-ouvert = Bettler ouvert
kr-contract-wildsaurufer = Wildsaurufer
kr-contract-farbensolo = Farbensolo
kr-contract-geierrufer = Geierrufer
kr-contract-solodreier = Solodreier
kr-contract-besserrufer = Besserrufer

## Prämien, Kontra, Parteien
kr-item-spiel = Spiel
kr-premium-trull = Trull
kr-premium-koenige = Alle Könige
kr-premium-ku = König Ultimo
kr-premium-pagat = Pagat
kr-premium-uhu = Uhu
kr-premium-kakadu = Kakadu
kr-premium-wildsau = Wildsau
kr-premium-quapil = Quapil
kr-premium-geier = Geier
kr-premium-valat = Valat
kr-kontra-1 = Kontra
kr-kontra-2 = Rekontra
kr-kontra-3 = Subkontra
kr-kontra-n = Kontra ×{ $factor }
kr-side-declarers = Spieler
kr-side-opponents = Gegner

## Regeln
kr-rules-custom = { $preset } (geändert)
kr-rules-title = Regeln: { $rules }
kr-rules-contracts = Spiele nach Rang (Wert): { $list }
kr-rules-premiums = Prämien angesagt (still die Hälfte): { $list }
kr-rules-valat = Valat: still { $silent }-fach, angesagt { $announced }-fach des Spielwerts
kr-rules-solo-factor = Prämien in Solospielen ×{ $factor }
kr-flag-kontra-in-score = Kontra zählt auch in der Schrift: { $value }
kr-flag-king-in-talon-takes-all = Gerufener König im Talon: alle sechs nehmen, sechs ablegen: { $value }
kr-flag-bei = „Bei“ zu Piccolo und Zwiccolo: { $value }
kr-flag-pass-vorhand = Vorhand weitergeben mit vier Königen: { $value }
kr-flag-partner-announces-talon-bird = Partner sagt den Talon-Vogel des Spielers an: { $value }
kr-flag-ku-by-party = König Ultimo sagt jeder der Spielerpartei an: { $value }
kr-flag-colour-kontra-or-valat = Farbenspiel: Gegner entweder Kontra oder Valat: { $value }
kr-flag-trischaken-cup2019 = Trischaken: Fahrer und 35/2 verdoppeln, je 3 an jede Jungfrau
kr-flag-trischaken-standard = Trischaken: gemeinsamer Topf (OÖ)
kr-flag-lost-double = Verloren doppelt: { $list }
kr-flag-lost-double-none = Kein Spiel zählt verloren doppelt
kr-flag-max-kontra = Höchstes Kontra: { $kontra } (Stufe { $level })
kr-flag-silent-failure-counts = Stille Prämie zählt auch verloren: { $value }
kr-flag-negative-early-end = Negativspiel endet, sobald es verloren ist: { $value }
kr-flag-maerchenstich = Märchenstich: { $value }
kr-flag-silent-valat-keeps-kontra = Stiller Valat behält das Kontra des Spiels: { $value }
kr-flag-bird-reservation-hard = Angesagte Vögel und König Ultimo bleiben für ihren Stich
kr-flag-bird-reservation-soft = Angesagte Vögel dürfen früher fallen (Prämie verloren)

## Tisch
kr-title = Spielreihenfolge: { $order }
kr-title-vorhand = { $name } (Vorhand)
kr-auction = Lizitation: { $words }
kr-word-vorhand = Vorhand
kr-word-weiter = weiter
kr-word-halte = halte
kr-word-vorhand-weiter = Vorhand weiter
kr-contract = { $game }: { $name }
kr-called = Gerufen: { $king }
kr-called-fourth = Gerufen: der vierte König ({ $king })
kr-partner-known = Partner: { $names }
kr-talon = Talon: { $first } | { $second }
kr-row-left = Reihe für die Gegner: { $count } verdeckte Karten
kr-face-up = Offen abgelegt: { $cards }
kr-laid-aside = Abgelegt: { $cards }
kr-announced = Angesagt: { $items }
kr-item-kontra = { $item } { $kontra }
kr-item-announced = { $item } ({ $who })
kr-pair-kontra = { $kontra }: { $opponent } gegen { $declarer }
kr-open-hand = { $name } (offen): { $cards }
kr-tricks-won = Stiche: { $tricks }
kr-last-trick = Letzter Stich: { $plays } → { $winner }
kr-trick = Stich: { $plays }
kr-to-act = Am Zug: { $name }
kr-deal-over = Das Spiel ist aus.
kr-event-contract = { $name } spielt { $game }.
kr-event-ouvert = Die Karten liegen jetzt offen.

## Eigene Karten
kr-your-hand = Deine Karten: { $cards }
kr-you-declare = Du spielst { $game }.
kr-you-partner = Du bist Partner: du hast { $king }.
kr-you-oppose = Du spielst gegen den { $game }.
kr-your-discard = Abgelegt: { $cards }
kr-your-row = Reihe für die Gegner (in dieser Reihenfolge): { $cards }
kr-you-drew = Gezogen: { $card }
kr-ask-open = Du bist Vorhand: „Vorhand“, ein Spiel oder der Sechserdreier.
kr-ask-choice = Alle haben weiter gesagt: wähle dein Spiel.
kr-ask-bid = Geboten ist { $game }: höher bieten oder weiter.
kr-ask-bid-none = Noch kein Spiel geboten: bieten oder weiter.
kr-may-bei = Du darfst beim { $game } mitspielen („bei“).
kr-ask-call = Ruf einen König.
kr-fourth-hint = Mit drei Königen kannst du den vierten rufen ({ $king }).
kr-ask-talon = Der Talon liegt offen: nimm eine Hälfte.
kr-ask-talon-king = Der gerufene König liegt im Talon: schleifen oder allein spielen.
kr-ask-discard = Lege { $count } Karten ab: wähle sie, dann „Ablegen“.
kr-ask-discard-mussolini = Lege { $count } Karten ab: die ersten drei zählen für dich, die letzten drei sind die Reihe für die Gegner (in dieser Reihenfolge).
kr-discard-forced-tarocks = Mindestens { $count } Tarock müssen offen abgelegt werden.
kr-discard-forced-suits = Mindestens { $count } Farbkarten müssen offen abgelegt werden.
kr-picked = Gewählt: { $cards }
kr-picked-face-up = Davon offen: { $cards }
kr-ask-draw = Zieh verdeckt eine der { $count } Karten der Reihe.
kr-ask-lay-aside = Lege eine Karte verdeckt für die Gegner ab.
kr-ask-announce = Ansagen, Kontra oder „{ $done }“.
kr-ask-card = Spiel eine Karte.

## Knöpfe
kr-button-vorhand = Vorhand!
kr-button-weiter = Weiter
kr-button-liege = Ich liege
kr-button-gut = Gut
kr-button-fertig = Fertig
kr-button-halte = Halte ({ $game })
kr-button-vorhand-weiter = Vorhand weiter
kr-button-bei = { $game } bei
kr-button-call = { $king } rufen
kr-button-fourth = Der vierte König ({ $king })
kr-button-half = Hälfte { $half }: { $cards }
kr-button-take-all = Alle sechs nehmen
kr-button-schleifen = Schleifen
kr-button-schleifen-bird = Schleifen ({ $bird })
kr-button-discard = Ablegen ({ $count })
kr-button-clear = Neu wählen
kr-button-draw = Karte { $n }
kr-button-kontra = { $kontra } { $item }
kr-button-kontra-against = { $kontra } gegen { $name }

## Züge
kr-did-vorhand = { $name }: Vorhand!
kr-did-weiter = { $name }: weiter.
kr-did-liege = { $name }: ich liege.
kr-did-gut = { $name }: gut.
kr-did-fertig = { $name }: fertig.
kr-did-halte = { $name }: halte.
kr-did-vorhand-weiter = { $name } gibt die Vorhand weiter.
kr-did-bid = { $name }: { $game }.
kr-did-bei = { $name } spielt beim { $game } mit („bei“).
kr-did-call = { $name } ruft { $king }.
kr-did-call-fourth = { $name } ruft den vierten König ({ $king }).
kr-did-take = { $name } nimmt die Talonhälfte { $half }.
kr-did-take-all = { $name } nimmt alle sechs Talonkarten.
kr-did-schleifen = { $name } schleift.
kr-did-discard = { $name } legt { $count } Karten ab.
kr-did-discard-face-up = { $name } legt { $count } Karten ab, offen: { $cards }.
kr-did-lay-aside = { $name } legt eine Karte verdeckt ab.
kr-did-draw = { $name } zieht Karte { $n } der Reihe.
kr-did-announce = { $name } sagt { $premium } an.
kr-did-kontra = { $name }: { $kontra } auf { $item }.
kr-did-kontra-against = { $name }: { $kontra } gegen { $other }.
kr-did-play = { $name } spielt { $card }.
kr-did-unknown = { $name } zieht.

## Abrechnung
kr-settle-rufer = { $game } von { $name }, gerufen { $king }, Partner { $partner }
kr-settle-rufer-alone = { $game } von { $name }, gerufen { $king }, allein
kr-settle-solo = { $game } von { $name }, allein
kr-settle-points = Kartenpunkte: Spieler { $dpoints } : Gegner { $opoints } · Stiche { $dtricks } : { $otricks }
kr-settle-negative-won = { $game } von { $name }: { $tricks ->
    [one] 1 Stich
   *[other] { $tricks } Stiche
}, genau { $target } verlangt – gewonnen
kr-settle-negative-lost = { $game } von { $name }: { $tricks ->
    [one] 1 Stich
   *[other] { $tricks } Stiche
}, genau { $target } verlangt – verloren
kr-settle-trischaken = Trischaken, Fahrer { $name }
kr-settle-trischaken-seat = { $name }: { $points }, { $tricks ->
    [one] 1 Stich
   *[other] { $tricks } Stiche
}
kr-settle-trischaken-jungfrau = { $name }: { $points }, Jungfrau
kr-settle-schleifen = { $name } schleift den { $game }.
kr-settle-game-won = { $game } gewonnen
kr-settle-game-lost = { $game } verloren
kr-settle-valat-announced = Valat angesagt
kr-settle-valat-silent = Valat still
kr-settle-premium-announced = { $premium } angesagt
kr-settle-premium-silent = { $premium } still
kr-settle-pair = { $game } { $declarer } gegen { $opponent }
kr-settle-trischaken-item = Trischaken
kr-settle-schleifen-item = Geschleift ({ $game })
kr-settle-kontra-by = { $kontra } von { $name }
kr-settle-kontra-money = { $line } in der Schrift; { $kontras }: im Geld ×{ $multiplier } = { $value }
kr-settle-kontra-both = { $line }; { $kontras }: ×{ $multiplier } = { $value } in Schrift und Geld
kr-settle-trischaken-talon = Der Talon ({ $cards }: { $points }) geht an { $name } mit dem letzten Stich.
kr-settle-line = { $what }: { $side } { $value }
kr-settle-line-seats = { $what }: { $seats }
kr-settle-score = Schrift: { $seats }
kr-settle-money = Geld mit Kontra: { $seats }

## Ablehnungen (nach Regelcode)
kr-refusal-not-your-turn = Du bist nicht am Zug.
kr-refusal-deal-over = Das Spiel ist schon aus.
kr-refusal-wrong-phase = Das gehört nicht in diesen Abschnitt des Spiels.
kr-refusal-must-open = Die Vorhand muss eröffnen: „Vorhand“, ein Spiel oder der Sechserdreier.
kr-refusal-not-an-opening = Rufer, Trischaken und Mussolini sind keine Eröffnung der Vorhand.
kr-refusal-sechser-only-first = Den Sechserdreier meldet nur die Vorhand, mit ihrem ersten Wort.
kr-refusal-vorhand-word-not-now = „Vorhand“ sagt nur die Vorhand, zu Beginn.
kr-refusal-not-higher = Das Gebot muss höher sein als das laufende.
kr-refusal-only-vorhand-holds = Nur die Vorhand darf halten.
kr-refusal-nothing-to-hold = Es gibt kein Gebot zum Halten.
kr-refusal-hold-bei-instead = Einen Piccolo oder Zwiccolo hält die Vorhand nicht, sie spielt „bei“ mit.
kr-refusal-choice-only = Rufer und Trischaken wählt nur die Vorhand, wenn alle anderen weiter gesagt haben.
kr-refusal-choice-required = Alle haben weiter gesagt: die Vorhand wählt ihr Spiel.
kr-refusal-not-a-choice = Sechserdreier und Mussolini kann die Vorhand jetzt nicht wählen.
kr-refusal-vorhand-weiter-not-allowed = Die Vorhand weitergeben darf nur eine Vorhand mit vier Königen, mit ihrem ersten Wort, wo die Regeln es erlauben.
kr-refusal-four-kings = Mit allen vier Königen gibt es kein Rufspiel.
kr-refusal-bird-missing = Für dieses Spiel fehlt dir der Vogel.
kr-refusal-mussolini-vorhand = Die Vorhand kann keinen Mussolini spielen.
kr-refusal-not-offered = Dieses Spiel wird an diesem Tisch nicht gespielt.
kr-refusal-bei-not-allowed = „Bei“ geht nur zu einem verdeckten Piccolo oder Zwiccolo, wo die Regeln es erlauben.
kr-refusal-own-king = Einen König aus der eigenen Hand kannst du nicht rufen.
kr-refusal-fourth-needs-three = Den vierten König ruft nur, wer genau drei Könige hat.
kr-refusal-not-a-king = Rufen kann man nur einen König.
kr-refusal-schleifen-not-allowed = Schleifen geht nur, wenn der gerufene König im Talon liegt.
kr-refusal-schleifen-bird = Der Besserrufer schleift mit einem Vogel seiner Hand.
kr-refusal-take-all-required = Der gerufene König liegt im Talon: schleifen oder alle sechs Karten nehmen.
kr-refusal-take-half-required = Nimm eine Hälfte des Talons.
kr-refusal-discard-count = Lege genau so viele Karten ab wie verlangt (drei, nach dem ganzen Talon sechs).
kr-refusal-not-in-hand = Diese Karte hast du nicht.
kr-refusal-discard-forbidden = Könige und Trullstücke werden nie abgelegt.
kr-refusal-suit-cards-first = Tarock legst du erst ab, wenn alle Farbkarten außer den Königen mit abgelegt werden.
kr-refusal-tarocks-first = Im Farbenspiel legst du erst alle Tarock ab, dann Farbkarten.
kr-refusal-named-bird = Den Vogel deines Spiels behältst du.
kr-refusal-keep-a-bird = Behalte einen der Vögel, die du vor dem Talon hattest: du musst ihn ansagen.
kr-refusal-draw-position = Zieh eine der verbliebenen Karten der Reihe.
kr-refusal-no-premiums = In Negativspielen und im Trischaken gibt es keine Ansagen.
kr-refusal-premium-not-in-game = Diese Prämie gibt es in diesem Spiel nicht.
kr-refusal-premiums-first-turn = Prämien sagst du nur an, wenn du zum ersten Mal an der Reihe bist.
kr-refusal-already-announced = Das ist schon angesagt.
kr-refusal-ku-not-allowed = König Ultimo darfst du nicht ansagen.
kr-refusal-bird-not-held = Diesen Vogel hast du nicht.
kr-refusal-nothing-to-kontra = Da gibt es nichts zu kontrieren.
kr-refusal-kontra-wrong-side = Diese Kontra-Stufe gehört der anderen Seite.
kr-refusal-kontra-limit = Höher geht das Kontra nicht.
kr-refusal-kontra-target = Sag, gegen wen das Kontra geht.
kr-refusal-kontra-no-pair = Zwischen euch beiden gibt es kein Kontra.
kr-refusal-kontra-too-late = Kontra geht nur gleich in deiner ersten Runde danach.
kr-refusal-kontra-or-valat = Im Farbenspiel: entweder Kontra oder Valat, nicht beides.
kr-refusal-bird-required = Sag einen Vogel an, den du vor dem Talon hattest.
kr-refusal-kontra-seat-not-needed = Im positiven Spiel nennt das Kontra niemanden.
kr-refusal-must-follow-suit = Du musst Farbe bekennen.
kr-refusal-must-play-tarock = Du musst Tarock zugeben.
kr-refusal-colour-lead = Im Farbenspiel spielst du Tarock erst aus, wenn du keine Farbkarte mehr hast.
kr-refusal-must-beat = Stichzwang: du musst überstechen.
kr-refusal-pagat-last = Den Pagat spielst du nur als letzten Tarock.
kr-refusal-reserved = Diese Karte ist angesagt und bleibt für ihren Stich.
kr-refusal-bird-due = Die angesagte Karte gehört jetzt in ihren Stich.

## A table of five: the dealer sits each deal out.
kr-sits-out = { $name } gibt und setzt dieses Spiel aus.
kr-you-sit-out = Du gibst und setzt dieses Spiel aus; im nächsten spielst du wieder mit.

# Typed at a table: what may be typed, and the tricks asked for.
kr-our-tricks = Stiche der { $side } ({ $count }): { $tricks }
kr-help = Eingaben: eine Nummer aus der Liste oder ihr Text (Rufer, Weiter, Hälfte 1, Ablegen) · eine Karte (XXI, Sküs, ♥K oder hK) · n = nächstes Spiel · karten · stich · unsere = Stiche deiner Partei · stand · regeln · schluss · q = beenden
