## Cups in a chat (/tarock cup …): a tournament of rounds of the cup game drawn
## into this chat's tables, ranked as the Tarockcup days are.

cup-rej-in-private = A cup is played in a group or a channel, not in a private chat.
cup-rej-no-cup = No cup is running in this chat. Open one: /tarock cup new NAME
cup-rej-chat-has-cup = A cup is running in this chat already. Standings: /tarock cup standings · end it (organizer): /tarock cup end
cup-rej-bad-settings = A cup needs a name (at most 60 characters), 1–52 days, 1–10 rounds a day, between 1 and its days counted days, and a pace such as live, slow, 90s, 5m or 12h. Example: /tarock cup new Autumn Cup days:8 rounds:3 best:6
cup-rej-already-in = You are in the cup already.
cup-rej-not-in = You are not in this cup.
cup-rej-already-drawn = After the first draw nobody leaves the cup. Whoever misses a day is named absent at the draw: /tarock cup draw without NAME
cup-rej-unknown-player = Nobody called “{ $name }” plays in the cup.
cup-rej-cannot-seat = { $present } players are here. Tables of four and five cannot seat 1–3, 6, 7 or 11 players. Name who is absent (/tarock cup draw without NAME, NAME), or have more join (/tarock cup join).
cup-rej-round-open = The round is still being played at table { $tables }. The next round is drawn when every table is done.
cup-rej-season-over = Every day of this cup has been played.
cup-rej-not-organizer = Only the cup's organizer (or an admin) may do that.
cup-rej-table-of-cup = A cup table ends by itself after { $deals } deals. The organizer ends the whole cup with /tarock cup end.

cup-opened = 🏆 Cup “{ $name }” opened by { $organizer }: { $game } by the “{ $rules }” rules, { $days } { $days ->
    [one] day
   *[other] days
} of { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}, the best { $best } days count; { $pace } per move. Join: /tarock cup join · Draw (organizer): /tarock cup draw
cup-joined = { $name } joins the cup “{ $cup }” ({ $players } players).{ $drawn ->
    [yes] { " " }They are drawn from the next day on.
   *[no] { "" }
}
cup-left = { $name } left the cup ({ $players } players).
cup-drawn = 🎲 { $cup }: day { $day }, round { $round } of { $rounds } is drawn, { $tables } { $tables ->
    [one] table
   *[other] tables
}. The cards are dealt now.
cup-drawn-table = Table { $no } (#{ $table }, { $deals } deals{ $seats ->
    [5] , the dealer sits each one out
   *[other] { "" }
}): { $players }
cup-ended = 🏁 The cup “{ $cup }” has ended.
cup-season-over = 🏁 Every day of the cup “{ $cup }” has been played. The final standings:
cup-deal = Cup: deal { $deal } of { $deals }.
cup-table-score = { $name } { $total }
cup-table-done = 🏆 Cup table { $no } is done after { $deals } deals. Score (without Kontra): { $scores }

cup-standings-none = 🏆 { $cup }: no round drawn yet. Playing ({ $players }): { $names }
cup-standings-title = 🏆 { $cup } · day { $day } of { $days }, { $played } of { $rounds } { $rounds ->
    [one] round
   *[other] rounds
} played
cup-standings-day-line = { $place }. { $name } { $total } · { $points } cup points
cup-standings-season-title = Season after { $complete } of { $days } days (the best { $best } count):
cup-standings-season-line = { $place }. { $name }: { $points } cup points, score { $schrift } ({ $days ->
    [one] 1 day
   *[other] { $days } days
})
cup-standings-open-table = table { $no } (#{ $table })
cup-standings-open = Still playing: { $tables }
cup-standings-next = Next round: /tarock cup draw

## The bots' command descriptions.
telegram-cmd-cup = Cup in this chat: /cup new NAME, /cup join, /cup draw, /cup standings, /cup end
discord-cmd-cup = A cup in this channel: { $cup_game } rounds at drawn tables, ranked as the Tarockcup ranks
discord-cmd-cup-new = Opens a cup in this channel; you organize it and play
discord-cmd-cup-join = Joins the cup of this channel
discord-cmd-cup-leave = Leaves the cup (only before the first draw)
discord-cmd-cup-draw = Draws the next round's tables and deals (organizer)
discord-cmd-cup-standings = Posts the standings of the day and the season in the channel
discord-cmd-cup-end = Ends the cup now (organizer)
discord-opt-name = The cup's name
discord-opt-days = Cup days in the season (8)
discord-opt-rounds = Rounds each day (3)
discord-opt-best = How many of the best days count (6)
discord-opt-absent = Who is absent today, comma-separated

cup-help = 🏆 Cup in this chat: /tarock cup new NAME [days:8] [rounds:3] [best:6] [pace:live|slow|12h] opens a cup · /tarock cup join · /tarock cup leave (before the first draw) · /tarock cup draw [without NAME, NAME] draws the next round (organizer) · /tarock cup standings · /tarock cup end (organizer)
cup-standings-over = The cup “{ $cup }” has ended. Its final standings:
