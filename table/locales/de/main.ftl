# Texte des Tarock-Tisches (Deutsch). Spielbegriffe bleiben österreichisch.

## Karten, Spiele, Ansagen
level-easy = leicht
level-medium = mittel
level-strong = stark
computer-seat-name = Computer { $seat } ({ $level })

## Lobby
joined = { $name } spielt mit (Platz { $seat }).
left = { $name } hat den Tisch verlassen.
handed-over = { $name } übernimmt Platz { $seat }.
closed = Tisch { $table } ist geschlossen. Endstand:
status-paused = ⏸ Pausiert: die Bedenkzeit läuft nicht.
status-closed = Geschlossen.

## Tisch während des Spiels
redeal = Neu geben: { $name } hat { $cards }.

## Private Ansicht
reminder-private = ⏰ Du bist noch dran – in { $minutes } Min. spielt der Computer für dich.
reminder-chat = ⏰ { $name }, du bist dran (noch { $minutes } Min.).
stand-in = ⌛ Die Zeit von { $name } ist abgelaufen: der Computer hat für { $name } gespielt.

## Abrechnung
seats-range = { $min } bis { $max }
seats-either = { $min } oder { $max }
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
rej-party-unknown = Du weißt noch nicht, wer zu deiner Partei gehört.
rej-no-trick-yet = Es wurde noch kein Stich gespielt.
rej-bad-draft = Diese Auswahl gibt es nicht. Wähl die Karten mit den Knöpfen deiner letzten Nachricht aus.
rej-not-a-card = „{ $card }“ gibt es in diesem Spiel nicht.
rej-not-a-card-spelling = „{ $text }“ ist keine Karte. Tipp eine Karte wie ♥K oder hK, oder nimm die Knöpfe.

## Regelverstöße

## Terminal (tarock play)
terminal-continue = Zurück an Tisch { $table } (einen neuen Tisch eröffnet: tarock play --new).
terminal-prompt-between = Spiel aus. n = nächstes Spiel · stich · unsere · stand · q = beenden> 
terminal-no-such-choice = Diese Nummer gibt es nicht.
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
