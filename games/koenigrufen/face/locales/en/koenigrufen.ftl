# Texts of Königrufen (English). Every id starts with "kr-". The Austrian
# names of contracts and premiums stay as players say them.

kr-name = Königrufen
kr-not-this-game = (This round is not Königrufen.)
kr-not-dealt = The cards are about to be dealt.
kr-yes = yes
kr-no = no
kr-skus = Sküs
kr-rank-K = K
kr-rank-Q = Q
kr-rank-N = N
kr-rank-J = J
kr-points = { $points } points { $blatt } Blatt

## Contracts
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

## Premiums, Kontra, parties
kr-item-spiel = the game
kr-premium-trull = Trull
kr-premium-koenige = Alle Könige (all four Kings)
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
kr-side-declarers = declarers
kr-side-opponents = opponents

## Rules
kr-rules-custom = { $preset } (changed)
kr-rules-title = Rules: { $rules }
kr-rules-contracts = Contracts by rank (value): { $list }
kr-rules-premiums = Premiums announced (silent: half): { $list }
kr-rules-valat = Valat: silent { $silent } times, announced { $announced } times the game's value
kr-rules-solo-factor = Premiums in solo games ×{ $factor }
kr-flag-kontra-in-score = Kontra counts in the score too: { $value }
kr-flag-king-in-talon-takes-all = Called King in the talon: take all six, lay aside six: { $value }
kr-flag-bei = "Bei" to Piccolo and Zwiccolo: { $value }
kr-flag-pass-vorhand = Pass the Vorhand on with four Kings: { $value }
kr-flag-partner-announces-talon-bird = The partner announces the declarer's talon bird: { $value }
kr-flag-ku-by-party = Anyone of the declarers' party announces König Ultimo: { $value }
kr-flag-colour-kontra-or-valat = Colour games: an opponent kontras or announces Valat, not both: { $value }
kr-flag-trischaken-cup2019 = Trischaken: the Fahrer and 35/2 double, 3 to each Jungfrau
kr-flag-trischaken-standard = Trischaken: a shared pot (OÖ)
kr-flag-lost-double = Lost games counting double: { $list }
kr-flag-lost-double-none = No lost game counts double
kr-flag-max-kontra = Highest Kontra: { $kontra } (level { $level })
kr-flag-silent-failure-counts = A silent premium counts when lost too: { $value }
kr-flag-negative-early-end = A negative game ends as soon as it is lost: { $value }
kr-flag-maerchenstich = Märchenstich: { $value }
kr-flag-silent-valat-keeps-kontra = A silent Valat keeps the game's Kontra: { $value }
kr-flag-bird-reservation-hard = Announced birds and König Ultimo are kept for their trick
kr-flag-bird-reservation-soft = Announced birds may be played early (premium lost)

## Table
kr-title = Order of play: { $order }
kr-title-vorhand = { $name } (Vorhand)
kr-auction = Bidding: { $words }
kr-word-vorhand = Vorhand
kr-word-weiter = pass
kr-word-halte = hold
kr-word-vorhand-weiter = passes the Vorhand on
kr-contract = { $game }: { $name }
kr-called = Called: { $king }
kr-called-fourth = Called: the fourth King ({ $king })
kr-partner-known = Partner: { $names }
kr-talon = Talon: { $first } | { $second }
kr-row-left = Row for the opponents: { $count } cards face down
kr-face-up = Laid aside face up: { $cards }
kr-laid-aside = Laid aside: { $cards }
kr-announced = Announced: { $items }
kr-item-kontra = { $item } { $kontra }
kr-item-announced = { $item } ({ $who })
kr-pair-kontra = { $kontra }: { $opponent } against { $declarer }
kr-open-hand = { $name } (open): { $cards }
kr-tricks-won = Tricks: { $tricks }
kr-last-trick = Last trick: { $plays } → { $winner }
kr-trick = Trick: { $plays }
kr-to-act = To act: { $name }
kr-deal-over = The deal is over.
kr-event-contract = { $name } plays { $game }.
kr-event-ouvert = The hands are now laid open.

## Own cards
kr-your-hand = Your cards: { $cards }
kr-you-declare = You play { $game }.
kr-you-partner = You are the partner: you hold { $king }.
kr-you-oppose = You play against the { $game }.
kr-your-discard = Laid aside: { $cards }
kr-your-row = Row for the opponents (in this order): { $cards }
kr-you-drew = Drawn: { $card }
kr-ask-open = You are the Vorhand: "Vorhand", a game or the Sechserdreier.
kr-ask-choice = Everyone passed: choose your game.
kr-ask-bid = The bid is { $game }: bid higher or pass.
kr-ask-bid-none = No game bid yet: bid or pass.
kr-may-bei = You may join the { $game } ("bei").
kr-ask-call = Call a King.
kr-fourth-hint = With three Kings you may call the fourth ({ $king }).
kr-ask-talon = The talon lies open: take one half.
kr-ask-talon-king = The called King lies in the talon: concede (schleifen) or play alone.
kr-ask-discard = Lay aside { $count } cards: choose them, then "Lay aside".
kr-ask-discard-mussolini = Lay aside { $count } cards: the first three count for you, the last three are the row for the opponents (in this order).
kr-discard-forced-tarocks = At least { $count } tarocks must be laid aside face up.
kr-discard-forced-suits = At least { $count } suit cards must be laid aside face up.
kr-picked = Chosen: { $cards }
kr-picked-face-up = Face up of these: { $cards }
kr-ask-draw = Draw one of the { $count } cards of the row, face down.
kr-ask-lay-aside = Lay one card aside face down for the opponents.
kr-ask-announce = Announce, Kontra or "{ $done }".
kr-ask-card = Play a card.

## Buttons
kr-button-vorhand = Vorhand!
kr-button-weiter = Pass
kr-button-liege = Ich liege (ready)
kr-button-gut = Gut (nothing to add)
kr-button-fertig = Done
kr-button-halte = Hold ({ $game })
kr-button-vorhand-weiter = Pass the Vorhand on
kr-button-bei = { $game } bei
kr-button-call = Call { $king }
kr-button-fourth = The fourth King ({ $king })
kr-button-half = Half { $half }: { $cards }
kr-button-take-all = Take all six
kr-button-schleifen = Schleifen (concede)
kr-button-schleifen-bird = Schleifen ({ $bird })
kr-button-discard = Lay aside ({ $count })
kr-button-clear = Start again
kr-button-draw = Card { $n }
kr-button-kontra = { $kontra } on { $item }
kr-button-kontra-against = { $kontra } against { $name }

## Moves
kr-did-vorhand = { $name }: Vorhand!
kr-did-weiter = { $name } passes.
kr-did-liege = { $name }: ich liege (ready to play).
kr-did-gut = { $name }: gut (nothing to add).
kr-did-fertig = { $name } is done.
kr-did-halte = { $name } holds.
kr-did-vorhand-weiter = { $name } passes the Vorhand on.
kr-did-bid = { $name } bids { $game }.
kr-did-bei = { $name } joins the { $game } ("bei").
kr-did-call = { $name } calls { $king }.
kr-did-call-fourth = { $name } calls the fourth King ({ $king }).
kr-did-take = { $name } takes talon half { $half }.
kr-did-take-all = { $name } takes all six talon cards.
kr-did-schleifen = { $name } concedes (schleifen).
kr-did-discard = { $name } lays aside { $count } cards.
kr-did-discard-face-up = { $name } lays aside { $count } cards, face up: { $cards }.
kr-did-lay-aside = { $name } lays a card aside face down.
kr-did-draw = { $name } draws card { $n } of the row.
kr-did-announce = { $name } announces { $premium }.
kr-did-kontra = { $name }: { $kontra } on { $item }.
kr-did-kontra-against = { $name }: { $kontra } against { $other }.
kr-did-play = { $name } plays { $card }.
kr-did-unknown = { $name } moves.

## Settlement
kr-settle-rufer = { $game } by { $name }, called { $king }, partner { $partner }
kr-settle-rufer-alone = { $game } by { $name }, called { $king }, alone
kr-settle-solo = { $game } by { $name }, alone
kr-settle-points = Card points: declarers { $dpoints } : opponents { $opoints } · tricks { $dtricks } : { $otricks }
kr-settle-negative-won = { $game } by { $name }: { $tricks ->
    [one] 1 trick
   *[other] { $tricks } tricks
}, exactly { $target } needed – won
kr-settle-negative-lost = { $game } by { $name }: { $tricks ->
    [one] 1 trick
   *[other] { $tricks } tricks
}, exactly { $target } needed – lost
kr-settle-trischaken = Trischaken, Fahrer { $name }
kr-settle-trischaken-seat = { $name }: { $points }, { $tricks ->
    [one] 1 trick
   *[other] { $tricks } tricks
}
kr-settle-trischaken-jungfrau = { $name }: { $points }, Jungfrau (no trick)
kr-settle-schleifen = { $name } concedes the { $game } (schleifen).
kr-settle-game-won = { $game } won
kr-settle-game-lost = { $game } lost
kr-settle-valat-announced = Valat announced
kr-settle-valat-silent = Valat silent
kr-settle-premium-announced = { $premium } announced
kr-settle-premium-silent = { $premium } silent
kr-settle-pair = { $game } { $declarer } against { $opponent }
kr-settle-trischaken-item = Trischaken
kr-settle-schleifen-item = Conceded ({ $game })
kr-settle-kontra-by = { $kontra } by { $name }
kr-settle-kontra-money = { $line } in the score; { $kontras }: ×{ $multiplier } = { $value } in money
kr-settle-kontra-both = { $line }; { $kontras }: ×{ $multiplier } = { $value } in score and money
kr-settle-trischaken-talon = The talon ({ $cards }: { $points }) counts for { $name }, who took the last trick.
kr-settle-line = { $what }: { $side } { $value }
kr-settle-line-seats = { $what }: { $seats }
kr-settle-score = Score: { $seats }
kr-settle-money = Money with Kontra: { $seats }

## Refusals (by rule code)
kr-refusal-not-your-turn = It is not your turn.
kr-refusal-deal-over = The deal is over.
kr-refusal-wrong-phase = That does not belong to this part of the deal.
kr-refusal-must-open = The Vorhand must open: "Vorhand", a game or the Sechserdreier.
kr-refusal-not-an-opening = Rufer, Trischaken and Mussolini cannot open the auction.
kr-refusal-sechser-only-first = Only the Vorhand bids the Sechserdreier, as her first word.
kr-refusal-vorhand-word-not-now = Only the Vorhand says "Vorhand", at the start.
kr-refusal-not-higher = The bid must rank above the current one.
kr-refusal-only-vorhand-holds = Only the Vorhand may hold a bid.
kr-refusal-nothing-to-hold = There is no bid to hold.
kr-refusal-hold-bei-instead = The Vorhand does not hold a Piccolo or Zwiccolo; she joins it with "bei".
kr-refusal-choice-only = Rufer and Trischaken are only the Vorhand's choice after everyone passed.
kr-refusal-choice-required = Everyone passed: the Vorhand names her game.
kr-refusal-not-a-choice = The Vorhand cannot choose the Sechserdreier or Mussolini now.
kr-refusal-vorhand-weiter-not-allowed = Only a Vorhand with four Kings may pass the Vorhand on, as her first word, where the rules allow it.
kr-refusal-four-kings = With all four Kings there is no King to call.
kr-refusal-bird-missing = You do not hold the bird this game needs.
kr-refusal-mussolini-vorhand = The Vorhand cannot play Mussolini.
kr-refusal-not-offered = That game is not played at this table.
kr-refusal-bei-not-allowed = "Bei" only joins a closed Piccolo or Zwiccolo, where the rules allow it.
kr-refusal-own-king = You cannot call a King you hold.
kr-refusal-fourth-needs-three = Only a hand with exactly three Kings calls the fourth King.
kr-refusal-not-a-king = Only a King can be called.
kr-refusal-schleifen-not-allowed = You may concede (schleifen) only when the called King lies in the talon.
kr-refusal-schleifen-bird = A Besserrufer concedes naming a bird of his hand.
kr-refusal-take-all-required = The called King lies in the talon: concede or take all six cards.
kr-refusal-take-half-required = Take one half of the talon.
kr-refusal-discard-count = Lay aside exactly as many cards as due (three, or six after taking the whole talon).
kr-refusal-not-in-hand = You do not hold that card.
kr-refusal-discard-forbidden = Kings and Trull cards are never laid aside.
kr-refusal-suit-cards-first = Lay aside a tarock only together with every suit card you may lay aside.
kr-refusal-tarocks-first = In a colour game lay aside every tarock before a suit card.
kr-refusal-named-bird = The bird of your contract stays in your hand.
kr-refusal-keep-a-bird = Keep one of the birds you held before the talon: you must announce it.
kr-refusal-draw-position = Draw one of the cards left in the row.
kr-refusal-no-premiums = No premiums in negative games and Trischaken.
kr-refusal-premium-not-in-game = That premium is not played in this game.
kr-refusal-premiums-first-turn = Premiums are announced only in your first turn.
kr-refusal-already-announced = That has been announced already.
kr-refusal-ku-not-allowed = You may not announce König Ultimo.
kr-refusal-bird-not-held = You do not hold that bird.
kr-refusal-nothing-to-kontra = There is nothing to kontra there.
kr-refusal-kontra-wrong-side = That Kontra step belongs to the other side.
kr-refusal-kontra-limit = That is the highest Kontra.
kr-refusal-kontra-target = Say whom the Kontra is against.
kr-refusal-kontra-no-pair = There is no Kontra between the two of you.
kr-refusal-kontra-too-late = A Kontra must come in your first turn after the change.
kr-refusal-kontra-or-valat = In a colour game: Kontra or Valat, not both.
kr-refusal-bird-required = Announce a bird you held before the talon.
kr-refusal-kontra-seat-not-needed = In a positive game the Kontra names no seat.
kr-refusal-must-follow-suit = You must follow suit.
kr-refusal-must-play-tarock = You must play a tarock.
kr-refusal-colour-lead = In a colour game you lead a tarock only when you have no suit card.
kr-refusal-must-beat = Stichzwang: you must beat the trick.
kr-refusal-pagat-last = The Pagat is played only as your last tarock.
kr-refusal-reserved = That card is announced and kept for its trick.
kr-refusal-bird-due = The announced card must be played now, in its trick.

## A table of five: the dealer sits each deal out.
kr-sits-out = { $name } deals and sits this deal out.
kr-you-sit-out = You deal and sit this deal out; you play again in the next one.

# Typed at a table: what may be typed, and the tricks asked for.
kr-our-tricks = Tricks of the { $side } ({ $count }): { $tricks }
kr-help = Type: a number from the list or its text (Rufer, Weiter, Half 1, Lay aside) · a card (XXI, Sküs, ♥K or hK) · n = next deal · hand · trick · ours = your side's tricks · balance · rules · close · q = quit
