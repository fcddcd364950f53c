# Texts of the tarock table (English). Game terms stay Austrian.

## Cards, games, announcements
level-easy = easy
level-medium = medium
level-strong = strong
computer-seat-name = Computer { $seat } ({ $level })

## Lobby
joined = { $name } joins (seat { $seat }).
left = { $name } has left the table.
handed-over = { $name } takes over seat { $seat }.
closed = Table { $table } is closed. Final balances:
status-paused = ⏸ Paused: the clock is stopped.
status-closed = Closed.

## The table during a deal
redeal = Redeal: { $name } holds { $cards }.

## Private view
reminder-private = ⏰ It is still your turn – in { $minutes } min the computer plays for you.
reminder-chat = ⏰ { $name }, it is your turn ({ $minutes } min left).
stand-in = ⌛ { $name }'s time ran out: the computer played for { $name }.

## Settlement
seats-range = { $min } to { $max }
seats-either = { $min } or { $max }
settlement-seat-schrift = { $mine ->
    [yes] ▶ { $name } (you)
   *[no] { $name }
}: { $change } ({ $money }), score { $schrift } · balance { $balance } ({ $balance_money }), score { $schrift_total }
balances-title = Balances:
balances-none = Nothing settled yet.
balance-line = { $name }: { $units } { $count ->
    [one] point
   *[other] points
} ({ $money })
balance-line-schrift = { $name }: { $units } { $count ->
    [one] point
   *[other] points
} ({ $money }), score { $schrift }
rules-text = Table { $table }: rules { $rules }, { $stake } per point, { $pace } per move.
rules-text-game = Table { $table }: { $game } with { $seats } seats, { $stake } per point, { $pace } per move. The rules:
rules-text-overrides = Table { $table }: rules { $rules } with changes { $spec }, { $stake } per point, { $pace } per move.
pace-days = { $count ->
    [one] 1 day
   *[other] { $count } days
}
pace-hours = { $count ->
    [one] 1 hour
   *[other] { $count } hours
}
pace-minutes = { $count ->
    [one] 1 minute
   *[other] { $count } minutes
}
pace-seconds = { $count ->
    [one] 1 second
   *[other] { $count } seconds
}

## Buttons
btn-join = Join
btn-add-computer = + Computer
btn-start = Start
btn-next-deal = Next deal
btn-hand = My cards
btn-last-trick = Last trick
btn-rules = Rules
btn-balances = Balances

## Refused
rej-malformed = I do not understand that (unknown button or command).
rej-unknown-table = There is no such table.
rej-no-table-here = There is no open table here. Open one with /tarock.
rej-foreign-chat = This button belongs to a table in another chat (or to another player's view). It does nothing here.
rej-double-press = Already done: a double click counts once.
rej-bad-link-code = I don't know that code: it is wrong, used or expired (a code lasts 10 minutes). /tarock link at the table makes a new one.
rej-chat-has-table = A table is open or linked here already. Close or unlink it first.
rej-link-in-private = Tables are linked in groups and channels, not in a private chat.
rej-not-linked = This table is not linked to any other chat.
link-code = 🔗 Code for table { $table }: { $code } — type it in the other chat (Telegram or Discord): /tarock join { $code }. Valid for 10 minutes, once.
link-linked = 🔗 Table { $table } is now also in a { $platform } chat. People there can take seats too; private messages come on their own platform.
link-unlinked = This chat is no longer linked to table { $table }.
link-unlinked-all = Table { $table } is no longer linked to any other chat.
platform-telegram = Telegram
platform-discord = Discord
platform-local = Terminal
table-shown-again = Table { $table } is open here already; I am showing it again below. To open another table in this chat use "/tarock new" (Discord: "/tarock new another:True"), or open it in a topic/thread of its own.
rej-several-tables = Several tables are open here: use the buttons of the right one.
rej-table-closed = This table is closed.
rej-table-paused = The table is paused.
rej-not-paused = The table is not paused.
rej-not-seated = You do not sit at this table.
rej-already-seated = You already sit at this table.
rej-table-full = The table is full.
rej-seat-taken = That seat is taken.
rej-not-enough-players = { $seats ->
        [3] Three
        [4] Four
        [5] Five
       *[other] { $seats }
    } players (or computers) are needed to start.
rej-no-such-seat = The table has no seat with that number.
rej-deal-in-progress = That is only possible between deals.
rej-no-deal = No deal is being played.
rej-not-your-turn = It is not your turn.
rej-stale = Already played: this button is out of date.
rej-not-allowed = Only the table's creator (or an admin) may do that.
rej-unknown-level = Computer players come as easy, medium and strong.
rej-no-computer-there = No computer sits on that seat.
rej-bad-rules = I do not know these rules: { $detail }. For { $game } there { $count ->
        [one] is only { $presets }
       *[other] are { $presets }
    } (or rules as JSON).
rej-bad-stake = The stake must be between 0 and 1000 per point.
rej-not-in-this-game = That is not part of the game at this table.
rej-unknown-game = I do not know that game. The choices are { $games }.
rej-bad-seat-count = This game has { $min } to { $max } seats.
rej-fixed-seat-count = This game always has { $min } seats.
rej-party-unknown = You do not know yet who is on your side.
rej-no-trick-yet = No trick has been played yet.
rej-bad-draft = That choice is not on offer. Pick the cards with the buttons of your latest message.
rej-not-a-card = There is no “{ $card }” in this game.
rej-not-a-card-spelling = “{ $text }” is not a card. Type a card like ♥K or hK, or use the buttons.

## Rule violations

## Terminal (tarock play)
terminal-continue = Back at table { $table } (tarock play --new opens a new table).
terminal-prompt-between = Deal over. n = next deal · trick · ours · balance · q = quit> 
terminal-no-such-choice = There is no such number.
terminal-pass = { $name } is next: hand the keyboard to { $name } and press Enter (the others look away).
terminal-watch-next = You sit this deal out and watch. Enter = go on>
terminal-too-long = This line is too long (at most { $max } characters); it is not read.
terminal-unreadable = I cannot read this line (it is not UTF-8 text).
terminal-bad-flag = { $flag }: { $reason }
terminal-bad-lang = --lang { $value }: there is no such language; there are de (German) and en (English).
terminal-bad-players = --players takes one to four different names (at most 32 characters each), separated by commas.
terminal-flag-needs-new = { $flag } only applies to a new table; table { $table } goes on as before. A new table: tarock play --new { $flag }
terminal-new-ask = Table { $table } is still open, at deal { $deal }. Close it for good and open a new table? (y/N)
terminal-new-kept = Table { $table } stays open; tarock play (without --new) takes you back to it.
terminal-new-refused = Table { $table } is still open, at deal { $deal }, and --new would close it for good: nothing has changed. To close it and open a new table: tarock play --new --yes. Back to it: tarock play
terminal-new-closed = Table { $table } is closed (it stopped at deal { $deal }).

## Telegram (tarock-telegram)
telegram-no-token = No bot token: create a bot with @BotFather on Telegram (/newbot) and run TELOXIDE_TOKEN=<token> tarock-telegram.
telegram-start-private = { $name }, please open the private chat with me so I can send you your cards: { $link }
telegram-inline-none = No move for you now – your cards in the private chat
telegram-open-private = Open the private chat with me first: { $link }
telegram-start-help = I am the Tarock bot: I run tables of { $games } in groups, with your cards and moves here in the private chat. Open a table in a group (add me there) with /tarock, for a particular game with the game after it (say /tarock koenigrufen); the others sit down with "Join".
telegram-start-tables = Your open tables:
telegram-start-table = Table { $table }: { $link }
telegram-start-no-tables = You do not sit at an open table right now.
telegram-cmd-tarock = Open a table
telegram-cmd-join = Join the table
telegram-cmd-start = Start the game (or deal the next hand)
telegram-cmd-hand = Show my cards privately
telegram-cmd-rules = The table's rules
telegram-cmd-balance = The table's balances
telegram-cmd-stats = My statistics (deals, won, points)
telegram-cmd-leaderboard = The leaderboard of this chat
telegram-cmd-history = The latest deals of the table
telegram-cmd-pause = Pause the table
telegram-cmd-resume = Resume (after a pause) or pass
telegram-cmd-close = Close the table

## The Discord bot (bot-discord).
discord-no-token = No bot token: create an application with a bot in the Discord Developer Portal and run DISCORD_TOKEN=<token> tarock-discord.
discord-done = Done – the rest shows in the table message.
discord-failed = That did not work. Please try again in a moment.
discord-guild-only = Tarock is played in a server channel: /tarock new opens a table there.
discord-bad-pace = I don't understand that pace: live, slow or a duration like 90s, 5m, 12h, 2d (10 seconds to 7 days).
discord-dm-closed = { $mention }, I cannot send you direct messages (you have them turned off for server members). I will mention you here when it is your turn; the "My cards" button shows your cards.
discord-your-turn = { $mention }, your turn – the "My cards" button shows your cards.
discord-dm-help = I am the Tarock bot: I run tables of { $games } in server channels; your cards and moves come here as direct messages. Open a table in a channel with /tarock new (choose the game there under "game"); the others sit down with "Join".
discord-dm-tables = Your open tables:
discord-dm-table = Table { $table }: { $link }
discord-dm-no-tables = You do not sit at an open table right now.
discord-cmd-tarock = Tarock at this channel's table
discord-cmd-new = Open a table in this channel
discord-cmd-join = Take a free seat
discord-cmd-leave = Leave the table (in the lobby or between deals)
discord-cmd-start = Start the game or deal the next hand
discord-cmd-hand = My cards and choices, for me alone
discord-cmd-rules = The table's rules
discord-cmd-balance = The table's balances
discord-cmd-stats = My statistics: deals, won, points, by contract
discord-cmd-leaderboard = The leaderboard of this channel's tables
discord-cmd-history = The latest deals of this channel's table
discord-cmd-pause = Pause the table (the clock stops)
discord-cmd-resume = Resume a paused table
discord-cmd-close = Close the table
discord-cmd-link = A one-time code that shows this table in another chat too (Telegram or Discord)
discord-cmd-unlink = Unlink this channel from its table (here at the table: every linked chat)
discord-opt-code = A code from /tarock link in another chat: links this channel to that table
discord-opt-rules = The rules of the chosen game: one of the presets offered (otherwise standard)
discord-opt-stake = Stake in cents per unit (default 10)
discord-opt-pace = Time per move: live (2 minutes), slow (12 hours) or e.g. 5m, 12h, 2d
discord-opt-language = The table's language in this channel (default: yours)
discord-opt-another = Open another table even though one is open here already
discord-opt-game = The game: { $games } (without one: { $default })
discord-opt-seats = Seats: { $seats }

telegram-cmd-pictures = Card pictures on or off (/pictures off: text only)
telegram-cmd-link = One-time code: show the table in another chat too (there: /join CODE)
telegram-cmd-unlink = Unlink this chat from its table (at the table itself: every linked chat)
telegram-unknown-game = I cannot make sense of "{ $word }", so no table was opened. The games are: { $games } (for example /tarock koenigrufen).
telegram-unknown-preset = { $game } has no "{ $word }", so no table was opened. Rules for { $game }: { $presets }.
pictures-user-off = Your cards now come as text only, without pictures. Pictures back on: { $command }
pictures-user-on = Your cards now come as a picture, with the text below it. Text only: { $command }
pictures-table-off = Table { $table } now shows text only, without card pictures. Pictures back on: { $command }
pictures-table-on = Table { $table } now shows card pictures; the text stays. Text only: { $command }
pictures-usage = Card pictures on or off: { $on } or { $off }. The text always lists every card.
pictures-no-table = There is no open table here. { $command } turns the pictures of your own cards off.
discord-cmd-pictures = Card pictures on or off: for my cards or for the whole table
discord-opt-on = On: cards as a picture (the text stays); off: text only
discord-opt-table = For everything this table shows (else only for my cards)

## Fair deals (commitment before the deal, reveal in the settlement)
fair-commitment = 🔒 Fair deal: this deal's commitment (SHA-256), fixed before the cards were dealt: { $commitment }
fair-reveal =
    🔓 Fair deal, { $unit ->
        [session] session
       *[deal] deal
    } { $deal }: seed and salt are revealed now.
    Commitment: { $commitment }
    Seed: { $seed }
    Salt: { $salt }
    Check it (README: "Fair deals"): { $command }

## Tables of the other games (20 ab, Königrufen)
lobby-title-game = 🃏 Table { $table } · { $game } · rules: { $rules } · { $stake } per point
round-title = 🃏 Table { $table } · { $game } · { $unit ->
    [session] session
   *[deal] deal
} { $round } · { $rules } · { $stake } per point
round-private-title = Table { $table } · { $game } · { $unit ->
    [session] session
   *[deal] deal
} { $round } · your seat { $seat }
round-started = { $game }, { $unit ->
    [session] session
   *[deal] deal
} { $round }: { $name } begins.
round-settlement-title = 💰 Settlement table { $table }, { $game }, { $unit ->
    [session] session
   *[deal] deal
} { $round }

## Statistics, leaderboard, history
stats-title = 📊 Statistics of { $name }
stats-here = In this chat: { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
}, { $won } won, { $lost } lost · { $units } { $count ->
    [1] point
    [-1] point
   *[other] points
} ({ $money })
stats-everywhere = Everywhere: { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
}, { $won } won, { $lost } lost · { $units } { $count ->
    [1] point
    [-1] point
   *[other] points
} ({ $money })
stats-sides = As declarer { $declarer ->
    [one] 1 deal
   *[other] { $declarer } deals
} ({ $declarer_won } won), as opponent { $opponent } ({ $opponent_won } won)
stats-as-declarer = as declarer
stats-as-opponent = as opponent
stats-contract = { $contract } { $side }: { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
}, { $won } won, { $units } { $count ->
    [1] point
    [-1] point
   *[other] points
}
stats-none = No deal of yours has been settled yet.
leaderboard-title = 🏆 Leaderboard of this chat
leaderboard-line = { $place }. { $name }: { $units } { $count ->
    [1] point
    [-1] point
   *[other] points
} ({ $money }) · { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
}, { $won } won
leaderboard-none = No deal has been settled in this chat yet.
history-title = 📜 Table { $table }: the latest deals
history-line = { $game } { $number } (no. { $deal }): { $changes }
history-none = Nothing has been settled at this table yet.
history-hint = Each deal as a record: tarock db export --deal NO. (replay it with tarock replay)
