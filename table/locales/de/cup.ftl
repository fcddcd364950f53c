## Cups in a chat (/tarock cup …): a tournament of rounds of the cup game drawn
## into this chat's tables, ranked as the Tarockcup days are.

cup-rej-in-private = Ein Cup wird in einer Gruppe oder einem Kanal gespielt, nicht im privaten Chat.
cup-rej-no-cup = In diesem Chat läuft kein Cup. Einen eröffnen: /tarock cup neu NAME
cup-rej-chat-has-cup = In diesem Chat läuft schon ein Cup. Stand: /tarock cup stand · beenden (Veranstalter): /tarock cup ende
cup-rej-bad-settings = Ein Cup braucht einen Namen (höchstens 60 Zeichen), 1–52 Tage, 1–10 Runden am Tag, 1 bis so viele gewertete Tage, wie er Tage hat, und ein Tempo wie live, slow, 90s, 5m oder 12h. Beispiel: /tarock cup neu Herbstcup tage:8 runden:3 beste:6
cup-rej-already-in = Du spielst schon mit.
cup-rej-not-in = Du spielst in diesem Cup nicht mit.
cup-rej-already-drawn = Nach der ersten Auslosung kann man nicht mehr austreten. Wer an einem Tag fehlt, wird beim Auslosen als abwesend genannt: /tarock cup auslosen ohne NAME
cup-rej-unknown-player = Im Cup spielt niemand namens „{ $name }“.
cup-rej-cannot-seat = { $present } Spieler sind da. An Tischen zu viert und zu fünft lassen sich 1–3, 6, 7 und 11 Spieler nicht setzen. Wer fehlt, wird genannt (/tarock cup auslosen ohne NAME, NAME), oder es spielen mehr mit (/tarock cup mitspielen).
cup-rej-round-open = Die Runde läuft noch an Tisch { $tables }. Ausgelost wird, wenn alle Tische fertig sind.
cup-rej-season-over = Alle Tage dieses Cups sind gespielt.
cup-rej-not-organizer = Das darf nur, wer den Cup veranstaltet (oder ein Admin).
cup-rej-table-of-cup = Ein Cup-Tisch endet von selbst nach { $deals } Spielen. Den ganzen Cup beendet der Veranstalter mit /tarock cup ende.

cup-opened = 🏆 Cup „{ $name }“ eröffnet von { $organizer }: { $game } nach den Regeln „{ $rules }“, { $days } { $days ->
    [one] Tag
   *[other] Tage
} zu je { $rounds } { $rounds ->
    [one] Runde
   *[other] Runden
}, die besten { $best } Tage zählen; { $pace } pro Zug. Mitspielen: /tarock cup mitspielen · Auslosen (Veranstalter): /tarock cup auslosen
cup-joined = { $name } spielt im Cup „{ $cup }“ mit ({ $players } Spieler).{ $drawn ->
    [yes] { " " }Ausgelost wird ab dem nächsten Tag.
   *[no] { "" }
}
cup-left = { $name } spielt nicht mehr mit ({ $players } Spieler).
cup-drawn = 🎲 { $cup }: Tag { $day }, Runde { $round } von { $rounds } ist ausgelost, { $tables } { $tables ->
    [one] Tisch
   *[other] Tische
}. Es wird gleich gegeben.
cup-drawn-table = Tisch { $no } (#{ $table }, { $deals } Spiele{ $seats ->
    [5] , der Geber setzt jeweils aus
   *[other] { "" }
}): { $players }
cup-ended = 🏁 Der Cup „{ $cup }“ ist beendet.
cup-season-over = 🏁 Alle Tage des Cups „{ $cup }“ sind gespielt. Der Endstand:
cup-deal = Cup: Spiel { $deal } von { $deals }.
cup-table-score = { $name } { $total }
cup-table-done = 🏆 Cup-Tisch { $no } ist nach { $deals } Spielen fertig. Schrift (ohne Kontra): { $scores }

cup-standings-none = 🏆 { $cup }: noch keine Runde ausgelost. Es spielen mit ({ $players }): { $names }
cup-standings-title = 🏆 { $cup } · Tag { $day } von { $days }, { $played } von { $rounds } { $rounds ->
    [one] Runde
   *[other] Runden
} gespielt
cup-standings-day-line = { $place }. { $name } { $total } · { $points } Cuppunkte
cup-standings-season-title = Gesamtwertung nach { $complete } von { $days } Tagen (die besten { $best } zählen):
cup-standings-season-line = { $place }. { $name }: { $points } Cuppunkte, Schrift { $schrift } ({ $days ->
    [one] 1 Tag
   *[other] { $days } Tage
})
cup-standings-open-table = Tisch { $no } (#{ $table })
cup-standings-open = Es spielen noch: { $tables }
cup-standings-next = Nächste Runde: /tarock cup auslosen

## The bots' command descriptions.
telegram-cmd-cup = Cup im Chat: /cup neu NAME, /cup mitspielen, /cup auslosen, /cup stand, /cup ende
discord-cmd-cup = Ein Cup in diesem Kanal: { $cup_game }-Runden an ausgelosten Tischen, gewertet wie beim Tarockcup
discord-cmd-cup-new = Eröffnet einen Cup in diesem Kanal; du veranstaltest ihn und spielst mit
discord-cmd-cup-join = Spielt im Cup dieses Kanals mit
discord-cmd-cup-leave = Tritt aus dem Cup aus (nur vor der ersten Auslosung)
discord-cmd-cup-draw = Lost die nächste Runde an Tische aus und gibt (Veranstalter)
discord-cmd-cup-standings = Zeigt den Stand des Tages und der Saison im Kanal
discord-cmd-cup-end = Beendet den Cup jetzt (Veranstalter)
discord-opt-name = Der Name des Cups
discord-opt-days = Cup-Tage der Saison (8)
discord-opt-rounds = Runden an jedem Tag (3)
discord-opt-best = Wie viele der besten Tage zählen (6)
discord-opt-absent = Wer heute fehlt, mit Komma getrennt

cup-help = 🏆 Cup im Chat: /tarock cup neu NAME [tage:8] [runden:3] [beste:6] [tempo:live|slow|12h] eröffnet einen Cup · /tarock cup mitspielen · /tarock cup verlassen (vor der ersten Auslosung) · /tarock cup auslosen [ohne NAME, NAME] lost die nächste Runde aus (Veranstalter) · /tarock cup stand · /tarock cup ende (Veranstalter)
cup-standings-over = Der Cup „{ $cup }“ ist beendet. Sein Endstand:
