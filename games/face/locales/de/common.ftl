# Texte, die jedes Spiel teilt (Deutsch).

## Ablehnungen, die jedes Spiel kennt (nach gemeinsamem Code)
refusal-token = Diesen Zug gibt es in diesem Spiel nicht.
refusal-seat = Diesen Platz gibt es an diesem Tisch nicht.
refusal-deck = Die Karten sind noch nicht ausgeteilt.
refusal-other = Das geht jetzt nicht.
