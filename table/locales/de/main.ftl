# Texte des Tarock-Tisches (Deutsch). Spielbegriffe bleiben österreichisch.

## Karten, Spiele, Ansagen
game-rufer = Rufer
game-farbensolo = Farbensolo
game-solo = Solo
item-game = Spiel
item-absolut = Absolut
item-pagat = Pagat
item-valat = Valat
item-trull = Trull
item-four-kings = Vier Könige
item-honneur = Honneurs
item-mondfang = Mondfang
kontra-1 = Kontra
kontra-2 = Rekontra
kontra-2-retour = Retour
kontra-3 = Subkontra
kontra-3-supre = Supre
kontra-4 = Resupre
bid-kontra = { $kontra } auf { $item }
bid-game-with-valat = { $game } mit Valat
party-with = dazu
party-against = dagegen
party-declarers = Spielerpartei
party-opponents = Gegenpartei
level-easy = leicht
level-medium = mittel
level-strong = stark
computer-seat-name = Computer { $seat } ({ $level })
seat-free = (frei)
forehand-mark = {" "}(Vorhand)

## Lobby
lobby-title = 🃏 Tarock-Tisch { $table } · Zwanzigerrufen · Regeln: { $rules } · { $stake } pro Punkt
lobby-seat = { $number }. { $name }
lobby-hint = { $free ->
    [0] Alle Plätze sind besetzt: „Starten“ teilt aus.
    [one] Noch ein Platz frei: mitspielen oder einen Computer dazusetzen.
   *[other] Noch { $free } Plätze frei: mitspielen oder Computer dazusetzen.
}
joined = { $name } spielt mit (Platz { $seat }).
left = { $name } hat den Tisch verlassen.
handed-over = { $name } übernimmt Platz { $seat }.
closed = Tisch { $table } ist geschlossen. Endstand:
status-paused = ⏸ Pausiert: die Bedenkzeit läuft nicht.
status-closed = Geschlossen.

## Tisch während des Spiels
table-title = 🃏 Tisch { $table } · Spiel { $deal } · { $rules } · { $stake } pro Punkt
contract-rufer = { $name } spielt { $game } und ruft den { $called }.
contract-solo = { $name } spielt { $game }.
contract-partner = Partner: { $name }.
contract-items = Angesagt: { $items }
announced-by = { $item } von { $name } ({ $party })
announced-kontras = { $item } – { $kontras }
kontra-by = { $kontra } von { $name }
bidding-history = Lizitation: { $history }
history-weiter = { $name }: weiter
history-bid = { $name }: { $bids }
bid-with-party = { $bid } ({ $party })
tricks-won = Stiche ({ $number }/10): { $counts }
trick-current = Im Stich: { $plays }
trick-last = Letzter Stich: { $plays } → { $winner }
trick-led = Im Stich (ausgespielt von { $name }): { $plays }
trick-you-lead = Du spielst aus.
turn-bid = { $name } ist mit der Ansage dran.
turn-play = { $name } ist am Zug.
deal-over = Das Spiel ist aus.
redeal = Neu geben: { $name } hat { $cards }.
last-trick = Letzter Stich: { $plays } – gewonnen von { $winner }.
our-tricks = Stiche der { $party } ({ $count }, { $points } Punkte in Karten): { $tricks }

## Private Ansicht
private-title = Tisch { $table } · Spiel { $deal } · dein Platz { $seat }
private-hand = Deine Karten: { $cards }
role-declarer = Du spielst.
role-partner = Du bist der gerufene Partner.
role-opponent = Du spielst dagegen.
private-keep-pagat = Du hast den Pagat angesagt: behalte ihn für den letzten Stich.
private-your-bid = Du bist dran: wähle eine Ansage oder „weiter“.
private-your-opening = Du eröffnest die Lizitation: wähle ein Spiel.
private-your-bid-no-pass = Du bist dran: wähle eine Ansage („weiter“ geht hier nicht).
private-your-card = Du bist dran: spiel eine Karte aus.
compose-turn = Deine Ansage bisher: { $turn }. Was kommt dazu?
private-wait = { $name } ist dran.
reminder-private = ⏰ Du bist noch dran – in { $minutes } Min. spielt der Computer für dich.
reminder-chat = ⏰ { $name }, du bist dran (noch { $minutes } Min.).
stand-in = ⌛ Die Zeit von { $name } ist abgelaufen: der Computer hat für { $name } gespielt.

## Abrechnung
settlement-title = 💰 Abrechnung Tisch { $table }, Spiel { $deal }
side-declarers = Spieler
side-opponents = Gegner
seats-range = { $min } bis { $max }
seats-either = { $min } oder { $max }
names-and = { $first } und { $last }
settlement-points = Kartenpunkte: Spieler { $dpoints } : Gegner { $opoints }
settlement-points-tricks = Kartenpunkte: Spieler { $dpoints } : Gegner { $opoints } · Stiche { $dtricks } : { $otricks }
settle-game-won = { $game } gewonnen
settle-game-lost = { $game } verloren
settle-announced-won = { $item } ({ $side }) angesagt, gewonnen
settle-announced-lost = { $item } ({ $side }) angesagt, verloren
settle-silent = { $item } still
settle-pagat-silent-won = Pagat still gewonnen
settle-pagat-silent-lost = Pagat still verloren
settle-kontra = { $what } ({ $kontra } ×{ $multiplier })
settle-line = { $what }: { $side } { $value }
settlement-valat-alone = Der Valat zählt allein: Spiel und Prämien entfallen.
settlement-sum = Summe: { $side } { $sum } – { $pay }
settlement-sum-factor = Summe: { $side } { $sum }, Doppelrunde ×{ $factor }: { $total } – { $pay }
settlement-sum-zero = Summe: 0 – niemand zahlt.
settlement-sum-zero-factor = Summe: 0, Doppelrunde ×{ $factor }: 0 – niemand zahlt.
pay-pairs = { $winners } bekommen je { $each }, { $losers } zahlen je { $each }.
pay-soloist-wins = { $soloist } bekommt 3 × { $each } = { $three }, { $others } zahlen je { $each }.
pay-soloist-loses = { $soloist } zahlt 3 × { $each } = { $three }, { $others } bekommen je { $each }.
settlement-seat = { $mine ->
    [yes] ▶ { $name } (du)
   *[no] { $name }
}: { $change } ({ $money }) · Stand { $balance } ({ $balance_money })
settlement-seat-schrift = { $mine ->
    [yes] ▶ { $name } (du)
   *[no] { $name }
}: { $change } ({ $money }), Schrift { $schrift } · Stand { $balance } ({ $balance_money }), Schrift { $schrift_total }
balances-title = Stand:
balances-none = Noch keine Abrechnung.
balance-line = { $name }: { $units } { $count ->
    [one] Punkt
   *[other] Punkte
} ({ $money })
balance-line-schrift = { $name }: { $units } { $count ->
    [one] Punkt
   *[other] Punkte
} ({ $money }), Schrift { $schrift }
rules-text = Tisch { $table }: Regeln { $rules }, { $stake } pro Punkt, { $pace } Bedenkzeit pro Zug.
rules-text-game = Tisch { $table }: { $game } mit { $seats } Plätzen, { $stake } pro Punkt, { $pace } Bedenkzeit pro Zug. Die Regeln:
rules-text-overrides = Tisch { $table }: Regeln { $rules } mit Änderungen { $spec }, { $stake } pro Punkt, { $pace } Bedenkzeit pro Zug.
pace-days = { $count ->
    [one] 1 Tag
   *[other] { $count } Tage
}
pace-hours = { $count ->
    [one] 1 Stunde
   *[other] { $count } Stunden
}
pace-minutes = { $count ->
    [one] 1 Minute
   *[other] { $count } Minuten
}
pace-seconds = { $count ->
    [one] 1 Sekunde
   *[other] { $count } Sekunden
}

## Knöpfe
btn-join = Mitspielen
btn-add-computer = + Computer
btn-start = Starten
btn-next-deal = Nächstes Spiel
btn-hand = Meine Karten
btn-last-trick = Letzter Stich
btn-rules = Regeln
btn-balances = Stand
btn-weiter = Weiter
btn-turn-done = { $turn } ✓

## Abgelehnt
rej-malformed = Das verstehe ich nicht (unbekannter Knopf oder Befehl).
rej-unknown-table = Diesen Tisch gibt es nicht.
rej-no-table-here = Hier ist kein offener Tisch. Eröffne einen mit /tarock.
rej-foreign-chat = Dieser Knopf gehört zu einem Tisch in einem anderen Chat (oder zur Ansicht eines anderen Spielers). Hier bewirkt er nichts.
rej-double-press = Schon erledigt: ein Doppelklick zählt nur einmal.
rej-bad-link-code = Diesen Code kenne ich nicht: Er ist falsch, schon benutzt oder abgelaufen (ein Code gilt 10 Minuten). Einen neuen gibt /tarock link am Tisch.
rej-chat-has-table = Hier ist schon ein Tisch offen oder verbunden. Schließt oder trennt ihn zuerst.
rej-link-in-private = Tische werden in Gruppen und Kanälen verbunden, nicht im privaten Chat.
rej-not-linked = Dieser Tisch ist mit keinem anderen Chat verbunden.
link-code = 🔗 Code für Tisch { $table }: { $code } — im anderen Chat (Telegram oder Discord) eingeben: /tarock join { $code }. Gilt 10 Minuten und einmal.
link-linked = 🔗 Tisch { $table } ist jetzt auch in einem { $platform }-Chat. Von dort kann man ebenso Plätze nehmen; private Nachrichten kommen auf der eigenen Plattform.
link-unlinked = Dieser Chat ist nicht mehr mit Tisch { $table } verbunden.
link-unlinked-all = Tisch { $table } ist mit keinem anderen Chat mehr verbunden.
platform-telegram = Telegram
platform-discord = Discord
platform-local = Terminal
table-shown-again = Hier ist schon Tisch { $table } offen; ich zeige ihn unten noch einmal. Einen weiteren Tisch in diesem Chat öffnest du mit „/tarock neu“ (Discord: „/tarock neu weiterer:True“), oder in einem eigenen Thema/Thread.
rej-several-tables = Hier sind mehrere Tische offen: benutze die Knöpfe des richtigen Tisches.
rej-table-closed = Dieser Tisch ist geschlossen.
rej-table-paused = Der Tisch ist pausiert.
rej-not-paused = Der Tisch ist nicht pausiert.
rej-not-seated = Du sitzt nicht an diesem Tisch.
rej-already-seated = Du sitzt schon an diesem Tisch.
rej-table-full = Der Tisch ist voll.
rej-seat-taken = Dieser Platz ist besetzt.
rej-not-enough-players = Es braucht { $seats ->
        [3] drei
        [4] vier
        [5] fünf
       *[other] { $seats }
    } Spieler (oder Computer) zum Starten.
rej-no-such-seat = Einen Platz mit dieser Nummer hat der Tisch nicht.
rej-deal-in-progress = Das geht nur zwischen zwei Spielen.
rej-no-deal = Gerade wird kein Spiel gespielt.
rej-not-your-turn = Du bist nicht dran.
rej-stale = Schon gespielt: dieser Knopf ist veraltet.
rej-not-allowed = Das darf nur, wer den Tisch eröffnet hat (oder ein Admin).
rej-unknown-level = Computer gibt es in den Stärken leicht (easy), mittel (medium) und stark (strong).
rej-no-computer-there = Auf diesem Platz sitzt kein Computer.
rej-bad-rules = Diese Regeln kenne ich nicht: { $detail }. Für { $game } gibt es { $count ->
        [one] nur { $presets }
       *[other] { $presets }
    } (oder Regeln als JSON).
rej-bad-stake = Der Einsatz muss zwischen 0 und 1000 € pro Punkt liegen.
rej-not-in-this-game = Das gibt es im Spiel dieses Tisches nicht.
rej-unknown-game = Dieses Spiel kenne ich nicht. Zur Wahl stehen { $games }.
rej-bad-seat-count = Dieses Spiel hat { $min } bis { $max } Plätze.
rej-fixed-seat-count = Dieses Spiel hat immer { $min } Plätze.
rej-bad-turn = Diese Ansage verstehe ich nicht: „{ $word }“ kommt in der Lizitation nicht vor. Ansagen: rufer, farbensolo, solo, absolut, pagat, valat, kontra (auf spiel, absolut, pagat, valat), weiter.
rej-bad-turn-weiter = Diese Ansage verstehe ich nicht: „weiter“ beendet den Zug und kommt zuletzt.
rej-bad-turn-empty = Diese Ansage verstehe ich nicht: sie ist leer.
rej-too-long = Das ist zu lang: höchstens 200 Zeichen.
rej-party-unknown = Du weißt noch nicht, wer zu deiner Partei gehört.
rej-no-trick-yet = Es wurde noch kein Stich gespielt.
rej-bad-draft = Diese Auswahl gibt es nicht. Wähl die Karten mit den Knöpfen deiner letzten Nachricht aus.
rej-not-a-card = „{ $card }“ gibt es in diesem Spiel nicht.
rej-not-a-card-spelling = „{ $text }“ ist keine Karte. Tipp eine Karte wie ♥K oder hK, oder nimm die Knöpfe.

## Regelverstöße
err-not-your-turn = Du bist nicht dran.
err-deal-over = Das Spiel ist schon aus.
err-bidding-over = Die Lizitation ist vorbei: spiel eine Karte.
err-still-bidding = Es wird noch lizitiert.
err-opening-required = Die Vorhand muss mit einem Spiel eröffnen.
err-nothing-to-call = Es gibt keinen Tarock zu rufen (XX bis XVI sind alle in deiner Hand).
err-game-not-first = Ein Spiel muss die erste Ansage deines Zuges sein.
err-rufer-only-opening = Einen Rufer kann nur die Vorhand eröffnen.
err-not-higher = { $game } ist nicht höher als das angesagte Spiel.
err-already-agreed = Du hast dem Spiel schon zugestimmt.
err-passed-before = Du hast schon „weiter“ gesagt und kannst kein Spiel mehr ansagen.
err-farbensolo-eligible = Für ein Farbensolo brauchst du { $needed } Farbkarten, du hast { $held }.
err-no-game-with-valat = Ein Spiel mit Valat gibt es nach diesen Regeln nicht.
err-valat-with-game = Sag den Valat gemeinsam mit dem Spiel an.
err-no-game = Es ist noch kein Spiel angesagt.
err-already-announced = { $item } ist schon angesagt.
err-valat-in-force = Nach einem Valat gibt es nur noch Kontra auf den Valat.
err-pagat-not-held = Den Pagat kann nur ansagen, wer ihn hat.
err-premium-not-in-game = { $item } gibt es im { $game } nicht.
err-nothing-to-kontra = Auf { $item } gibt es nichts zu kontrieren.
err-kontra-limit = { $item } kann nicht höher kontriert werden.
err-kontra-wrong-party = Diese Kontrastufe auf { $item } steht der anderen Partei zu.
err-opportunity-passed = Diese Ansage hätte bei der ersten Gelegenheit kommen müssen.
err-trull-must-kontra = Wer als Gegner die ganze Trull hält, muss Kontra geben.
err-not-in-hand = { $card } hast du nicht.
err-must-follow-suit = { $card } geht nicht: { $led } ist ausgespielt, und du hast die Farbe (Farbzwang).
err-must-play-tarock = { $card } geht nicht: { $led } ist ausgespielt, und du musst Tarock geben (Tarockzwang).
err-farbensolo-lead = { $card }: im Farbensolo darfst du Tarock erst ausspielen, wenn du keine Farbe mehr hast.
err-pagat-must-be-kept = Den angesagten Pagat musst du für den letzten Stich behalten.
err-rule-other = Nicht erlaubt: { $detail }

## Terminal (tarock play)
terminal-continue = Zurück an Tisch { $table } (einen neuen Tisch eröffnet: tarock play --new).
terminal-prompt-between = Spiel aus. n = nächstes Spiel · stich · unsere · stand · q = beenden> 
terminal-no-such-choice = Diese Nummer gibt es nicht.
terminal-help = Eingaben: eine Nummer aus der Liste oder ihr Text (Rufer, Kontra auf Spiel) · eine Karte (XXI, Sküs, ♥K oder hK) · Ansagen (rufer pagat, kontra, weiter; nach „Rufer + …“ das, was dazukommt) · n = nächstes Spiel · karten · stich · unsere · stand · regeln · schluss · q = beenden
terminal-pass = Jetzt ist { $name } dran: gib { $name } die Tastatur und drück Enter (die anderen schauen weg).
terminal-watch-next = Du setzt dieses Spiel aus und schaust zu. Weiter mit Enter>
terminal-too-long = Diese Zeile ist zu lang (höchstens { $max } Zeichen); sie wird nicht gelesen.
terminal-unreadable = Diese Zeile kann ich nicht lesen (sie ist kein UTF-8-Text).
terminal-bad-flag = { $flag }: { $reason }
terminal-bad-lang = --lang { $value }: diese Sprache gibt es nicht; es gibt de (Deutsch) und en (Englisch).
terminal-bad-players = --players nimmt ein bis vier verschiedene Namen (je höchstens 32 Zeichen), durch Kommas getrennt.
terminal-flag-needs-new = { $flag } gilt nur für einen neuen Tisch; Tisch { $table } spielt weiter wie bisher. Einen neuen Tisch eröffnet: tarock play --new { $flag }
terminal-new-ask = Tisch { $table } ist noch offen, beim { $deal }. Spiel. Endgültig schließen und einen neuen Tisch eröffnen? (j/N)
terminal-new-kept = Tisch { $table } bleibt offen; mit tarock play (ohne --new) geht es dort weiter.
terminal-new-refused = Tisch { $table } ist noch offen, beim { $deal }. Spiel, und --new würde ihn endgültig schließen: es hat sich nichts geändert. Schließen und einen neuen Tisch eröffnen: tarock play --new --yes. Zurück an den Tisch: tarock play
terminal-new-closed = Tisch { $table } ist geschlossen (beim { $deal }. Spiel aufgehört).

## Telegram (tarock-telegram)
telegram-no-token = Kein Bot-Token: Leg bei Telegram mit @BotFather (/newbot) einen Bot an und starte mit TELOXIDE_TOKEN=<Token> tarock-telegram.
telegram-start-private = { $name }, öffne den privaten Chat mit mir, damit ich dir deine Karten schicken kann: { $link }
telegram-inline-none = Gerade kein Zug für dich – deine Karten im privaten Chat
telegram-open-private = Öffne zuerst den privaten Chat mit mir: { $link }
telegram-start-help = Ich bin der Tarock-Bot: ich leite Tische für { $games } in Gruppen, mit Karten und Zügen hier im privaten Chat. Einen Tisch eröffnest du in einer Gruppe (füge mich dort hinzu) mit /tarock, für ein bestimmtes Spiel mit dem Spiel dahinter (etwa /tarock koenigrufen); die anderen setzen sich mit „Mitspielen“ dazu.
telegram-start-tables = Deine offenen Tische:
telegram-start-table = Tisch { $table }: { $link }
telegram-start-no-tables = Du sitzt gerade an keinem offenen Tisch.
telegram-cmd-tarock = Einen Tisch eröffnen
telegram-cmd-join = Am Tisch mitspielen
telegram-cmd-start = Das Spiel beginnen (oder das nächste geben)
telegram-cmd-hand = Meine Karten privat zeigen
telegram-cmd-rules = Die Regeln des Tisches
telegram-cmd-balance = Der Stand des Tisches
telegram-cmd-stats = Meine Statistik (Spiele, gewonnen, Punkte)
telegram-cmd-leaderboard = Die Rangliste dieses Chats
telegram-cmd-history = Die letzten Spiele des Tisches
telegram-cmd-pause = Den Tisch anhalten
telegram-cmd-resume = Weiterspielen (nach einer Pause) oder passen
telegram-cmd-close = Den Tisch schließen

## The Discord bot (bot-discord).
discord-no-token = Kein Bot-Token: lege im Discord Developer Portal eine Anwendung mit Bot an und starte DISCORD_TOKEN=<token> tarock-discord.
discord-done = Erledigt – alles Weitere in der Tischnachricht.
discord-failed = Das hat nicht geklappt. Bitte versuch es gleich noch einmal.
discord-guild-only = Tarock gibt es nur in einem Serverkanal: dort öffnet /tarock neu einen Tisch.
discord-bad-pace = Das Tempo versteh ich nicht: live, slow oder eine Dauer wie 90s, 5m, 12h, 2d (10 Sekunden bis 7 Tage).
discord-dm-closed = { $mention }, ich kann dir keine Direktnachricht schicken (Direktnachrichten von Servermitgliedern sind bei dir aus). Ich erwähne dich hier, wenn du dran bist; deine Karten zeigt dir der Knopf „Meine Karten“.
discord-your-turn = { $mention }, du bist dran – deine Karten zeigt dir der Knopf „Meine Karten“.
discord-dm-help = Ich bin der Tarock-Bot: ich leite Tische für { $games } in Server-Kanälen; deine Karten und Züge kommen hier als Direktnachricht. Einen Tisch eröffnest du in einem Kanal mit /tarock neu (das Spiel wählst du dort bei „spiel“); die anderen setzen sich mit „Mitspielen“ dazu.
discord-dm-tables = Deine offenen Tische:
discord-dm-table = Tisch { $table }: { $link }
discord-dm-no-tables = Du sitzt gerade an keinem offenen Tisch.
discord-cmd-tarock = Tarock am Tisch dieses Kanals
discord-cmd-new = Einen Tisch in diesem Kanal eröffnen
discord-cmd-join = Einen freien Platz nehmen
discord-cmd-leave = Vom Tisch aufstehen (in der Runde vor dem Spiel oder zwischen zwei Spielen)
discord-cmd-start = Das Spiel beginnen oder das nächste Spiel geben
discord-cmd-hand = Meine Karten und Möglichkeiten, nur für mich
discord-cmd-rules = Die Regeln des Tisches
discord-cmd-balance = Der Stand des Tisches
discord-cmd-stats = Meine Statistik: Spiele, gewonnen, Punkte, nach Spielart
discord-cmd-leaderboard = Die Rangliste der Tische dieses Kanals
discord-cmd-history = Die letzten Spiele des Tisches in diesem Kanal
discord-cmd-pause = Den Tisch anhalten (die Uhr steht)
discord-cmd-resume = Einen angehaltenen Tisch fortsetzen
discord-cmd-close = Den Tisch schließen
discord-cmd-link = Ein Einmal-Code, der diesen Tisch auch in einem anderen Chat zeigt (Telegram oder Discord)
discord-cmd-unlink = Diesen Kanal vom Tisch trennen (am Tisch selbst: alle verbundenen Chats)
discord-opt-code = Ein Code von /tarock link aus einem anderen Chat: verbindet diesen Kanal mit jenem Tisch
discord-opt-rules = Die Regeln des gewählten Spiels: eine der vorgeschlagenen Vorgaben (sonst standard)
discord-opt-stake = Einsatz in Cent je Punkt (Vorgabe 10)
discord-opt-pace = Zeit je Zug: live (2 Minuten), slow (12 Stunden) oder z. B. 5m, 12h, 2d
discord-opt-language = Die Sprache des Tisches in diesem Kanal (Vorgabe: deine)
discord-opt-another = Noch einen Tisch öffnen, obwohl hier schon einer offen ist
discord-opt-game = Das Spiel: { $games } (ohne Angabe: { $default })
discord-opt-seats = Plätze: { $seats }

telegram-cmd-pictures = Kartenbilder an oder aus (/bilder aus: nur Text)
telegram-cmd-link = Einmal-Code: den Tisch auch in einem anderen Chat zeigen (dort /mitspielen CODE)
telegram-cmd-unlink = Diesen Chat vom Tisch trennen (am Tisch selbst: alle verbundenen)
telegram-unknown-game = Mit „{ $word }“ kann ich nichts anfangen, darum habe ich keinen Tisch eröffnet. Spielen kann man: { $games } (zum Beispiel /tarock koenigrufen).
telegram-unknown-preset = Bei { $game } gibt es „{ $word }“ nicht, darum habe ich keinen Tisch eröffnet. Regeln für { $game }: { $presets }.
pictures-user-off = Deine Karten kommen ab jetzt nur als Text, ohne Bilder. Bilder wieder an: { $command }
pictures-user-on = Deine Karten kommen ab jetzt als Bild, der Text steht darunter. Nur Text: { $command }
pictures-table-off = Tisch { $table } zeigt ab jetzt nur Text, ohne Kartenbilder. Bilder wieder an: { $command }
pictures-table-on = Tisch { $table } zeigt ab jetzt Kartenbilder, der Text bleibt. Nur Text: { $command }
pictures-usage = Kartenbilder an oder aus: { $on } oder { $off }. Der Text zeigt immer alle Karten.
pictures-no-table = Hier ist kein offener Tisch. Die Bilder deiner eigenen Karten schaltest du mit { $command } aus.
discord-cmd-pictures = Kartenbilder an oder aus: für meine Karten oder für den ganzen Tisch
discord-opt-on = An: Karten als Bild (der Text bleibt); aus: nur Text
discord-opt-table = Für alles, was dieser Tisch zeigt (sonst nur für meine Karten)

## Faires Geben (Prüfwert vor dem Spiel, Offenlegung in der Abrechnung)
fair-commitment = 🔒 Faires Geben: Prüfwert (SHA-256) dieses Spiels, festgelegt vor dem Austeilen: { $commitment }
fair-reveal =
    🔓 Faires Geben, { $unit ->
        [session] Partie
       *[deal] Spiel
    } { $deal }: Seed und Salz sind jetzt offen.
    Prüfwert: { $commitment }
    Seed: { $seed }
    Salz: { $salt }
    Nachprüfen (README: „Faires Geben“): { $command }

## Tische der anderen Spiele (20 ab, Königrufen)
lobby-title-game = 🃏 Tisch { $table } · { $game } · Regeln: { $rules } · { $stake } pro Punkt
round-title = 🃏 Tisch { $table } · { $game } · { $unit ->
    [session] Partie
   *[deal] Spiel
} { $round } · { $rules } · { $stake } pro Punkt
round-private-title = Tisch { $table } · { $game } · { $unit ->
    [session] Partie
   *[deal] Spiel
} { $round } · dein Platz { $seat }
round-started = { $game }, { $unit ->
    [session] Partie
   *[deal] Spiel
} { $round }: { $name } beginnt.
round-settlement-title = 💰 Abrechnung Tisch { $table }, { $game }, { $unit ->
    [session] Partie
   *[deal] Spiel
} { $round }

## Statistik, Rangliste, Verlauf
game-zwanzigerrufen = Zwanzigerrufen
stats-title = 📊 Statistik von { $name }
stats-here = In diesem Chat: { $deals ->
    [one] 1 Spiel
   *[other] { $deals } Spiele
}, { $won } gewonnen, { $lost } verloren · { $units } { $count ->
    [1] Punkt
    [-1] Punkt
   *[other] Punkte
} ({ $money })
stats-everywhere = Überall: { $deals ->
    [one] 1 Spiel
   *[other] { $deals } Spiele
}, { $won } gewonnen, { $lost } verloren · { $units } { $count ->
    [1] Punkt
    [-1] Punkt
   *[other] Punkte
} ({ $money })
stats-sides = Als Spieler { $declarer ->
    [one] 1 Spiel
   *[other] { $declarer } Spiele
} ({ $declarer_won } gewonnen), als Gegner { $opponent } ({ $opponent_won } gewonnen)
stats-as-declarer = als Spieler
stats-as-opponent = als Gegner
stats-contract = { $contract } { $side }: { $deals ->
    [one] 1 Spiel
   *[other] { $deals } Spiele
}, { $won } gewonnen, { $units } { $count ->
    [1] Punkt
    [-1] Punkt
   *[other] Punkte
}
stats-none = Von dir ist noch kein Spiel abgerechnet.
leaderboard-title = 🏆 Rangliste dieses Chats
leaderboard-line = { $place }. { $name }: { $units } { $count ->
    [1] Punkt
    [-1] Punkt
   *[other] Punkte
} ({ $money }) · { $deals ->
    [one] 1 Spiel
   *[other] { $deals } Spiele
}, { $won } gewonnen
leaderboard-none = In diesem Chat ist noch kein Spiel abgerechnet.
history-title = 📜 Tisch { $table }: die letzten Spiele
history-line = { $game } { $number } (Nr. { $deal }): { $changes }
history-none = An diesem Tisch ist noch nichts abgerechnet.
history-hint = Jedes Spiel als Protokoll: tarock db export --deal Nr. (nachspielen mit tarock replay)
