# ruff: noqa: E501  (the cards are text: one line per printed line)
"""Printable one-page rules cards: Knock-Out Whist and German Whist, in English,
Spanish and French (the words of the source texts: baza / triunfo, pli / atout).

    python notebooks/rules_cards.py [OUTDIR]     # default build/cards; or `make cards`

writes ``OUTDIR/<lang>-knockout.html`` and ``OUTDIR/<lang>-german.html``: plain HTML
with print styles, one page of A4 or Letter, no script and nothing fetched.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

#: card → language → (title, subtitle, [(heading, [lines])], footer)
CARDS: dict[str, dict[str, tuple[str, str, list[tuple[str, list[str]]], str]]] = {
    "knockout": {
        "en": (
            "Knock-Out Whist",
            "2–7 players · one pack of 52 · the last player left wins",
            [
                (
                    "Deal",
                    [
                        "Round 1: 7 cards each. Turn up the next card: its suit is trumps.",
                        "Each later round: one card fewer (7, 6, 5, 4, 3, 2, 1).",
                        "The deal passes clockwise to the next player still in.",
                    ],
                ),
                (
                    "A trick",
                    [
                        "Round 1: the player on the dealer's left leads; later rounds: the trump chooser.",
                        "Play clockwise, one card each. <b>Follow suit if you can</b> (any card of it).",
                        "If you cannot follow, play any card: a trump or a discard.",
                        "<b>The highest trump wins; if no trump was played, the highest card of the suit led.</b>",
                        "The winner of a trick leads the next one.",
                    ],
                ),
                (
                    "End of a round",
                    [
                        "<b>No trick = knocked out.</b> One trick is enough to stay in.",
                        "Most tricks: look at your new hand, <b>choose trumps</b> and lead. A tie: cut the cards.",
                        "Take every trick of a round (a <i>sweep</i>) and you win at once.",
                    ],
                ),
                (
                    "House rules (agree before you start)",
                    [
                        "<i>Dog's chance</i>: your first round with no trick gives you one card next round; "
                        "play it or pass at each trick; win a trick with it and you are back.",
                        "<i>Rainbow</i>: in the 4-card round, one card of each suit wins the round.",
                        "<i>Fixed trump</i>, <i>no-trump final</i>, <i>re-entry</i>, <i>trump breaking</i>: see lesson 06.",
                    ],
                ),
                (
                    "Tips",
                    [
                        "One trick is enough to survive: keep a sure winner for when you need it.",
                        "Choose your longest suit as trumps.",
                    ],
                ),
            ],
            "kowhist_teach · lessons 01–06",
        ),
        "es": (
            "Knock-Out Whist",
            "2 a 7 jugadores · una baraja de 52 · gana el último que queda",
            [
                (
                    "Reparto",
                    [
                        "Ronda 1: 7 cartas cada uno. Se voltea la carta siguiente: su palo es el triunfo.",
                        "Cada ronda siguiente: una carta menos (7, 6, 5, 4, 3, 2, 1).",
                        "El reparto pasa en el sentido de las agujas del reloj al siguiente que sigue en juego.",
                    ],
                ),
                (
                    "Una baza",
                    [
                        "Ronda 1: sale el jugador a la izquierda del repartidor; después, quien eligió el triunfo.",
                        "Se juega en el sentido de las agujas del reloj, una carta cada uno. "
                        "<b>Sigue el palo si puedes</b> (con cualquier carta de ese palo).",
                        "Si no puedes, juega cualquier carta: un triunfo (fallar) o un descarte.",
                        "<b>Gana el triunfo más alto; si no hay triunfo, la carta más alta del palo salido.</b>",
                        "Quien gana una baza sale en la siguiente.",
                    ],
                ),
                (
                    "Final de la ronda",
                    [
                        "<b>Sin ninguna baza = eliminado.</b> Una baza basta para seguir.",
                        "Quien hizo más bazas mira su mano nueva, <b>elige el triunfo</b> y sale. Empate: se corta.",
                        "Quien gana todas las bazas de una ronda (una <i>barrida</i>) gana en el acto.",
                    ],
                ),
                (
                    "Reglas de la casa (acordadlas antes de empezar)",
                    [
                        "<i>Oportunidad del perro</i>: tu primera ronda sin bazas te da una carta en la "
                        "siguiente; juégala o pasa en cada baza; si gana una baza, vuelves.",
                        "<i>Arcoíris</i>: en la ronda de 4 cartas, una carta de cada palo gana la ronda.",
                        "<i>Triunfo fijo</i>, <i>final sin triunfo</i>, <i>reentrada</i>, "
                        "<i>romper el triunfo</i>: ver la lección 06.",
                    ],
                ),
                (
                    "Consejos",
                    [
                        "Una baza basta para sobrevivir: guarda una carta ganadora segura para cuando la necesites.",
                        "Elige tu palo más largo como triunfo.",
                    ],
                ),
            ],
            "kowhist_teach · lecciones 01–06",
        ),
        "fr": (
            "Knock-Out Whist",
            "2 à 7 joueurs · un jeu de 52 cartes · le dernier en lice gagne",
            [
                (
                    "Donne",
                    [
                        "Manche 1 : 7 cartes chacun. On retourne la carte suivante : sa couleur est l'atout.",
                        "Chaque manche suivante : une carte de moins (7, 6, 5, 4, 3, 2, 1).",
                        "La donne passe dans le sens des aiguilles d'une montre au joueur suivant encore en lice.",
                    ],
                ),
                (
                    "Un pli",
                    [
                        "Manche 1 : le joueur à la gauche du donneur entame ; ensuite, celui qui a choisi l'atout.",
                        "On joue dans le sens des aiguilles d'une montre, une carte chacun. "
                        "<b>Fournissez si vous pouvez</b> (n'importe quelle carte de la couleur).",
                        "Sinon, jouez n'importe quelle carte : un atout (couper) ou une défausse.",
                        "<b>Le plus fort atout gagne ; sans atout, la plus forte carte de la couleur entamée.</b>",
                        "Le gagnant d'un pli entame le suivant.",
                    ],
                ),
                (
                    "Fin de manche",
                    [
                        "<b>Aucun pli = éliminé.</b> Un pli suffit pour rester.",
                        "Le plus de plis : regardez votre nouvelle main, <b>choisissez l'atout</b> et entamez. "
                        "Égalité : on coupe.",
                        "Faire tous les plis d'une manche (une <i>rafle</i>) fait gagner aussitôt.",
                    ],
                ),
                (
                    "Règles maison (à convenir avant de commencer)",
                    [
                        "<i>Vie de chien</i> : votre première manche sans pli vous donne une carte à la "
                        "suivante ; jouez-la ou passez à chaque pli ; si elle fait un pli, vous revenez.",
                        "<i>Arc-en-ciel</i> : à la manche à 4 cartes, une carte de chaque couleur gagne la manche.",
                        "<i>Atout fixe</i>, <i>dernière manche sans atout</i>, <i>retour en jeu</i>, "
                        "<i>ouvrir l'atout</i> : voir la leçon 06.",
                    ],
                ),
                (
                    "Conseils",
                    [
                        "Un pli suffit pour survivre : gardez une carte maîtresse pour le moment où il le faut.",
                        "Choisissez votre couleur la plus longue comme atout.",
                    ],
                ),
            ],
            "kowhist_teach · leçons 01–06",
        ),
    },
    "german": {
        "en": (
            "German Whist",
            "2 players · one pack of 52 · 26 tricks",
            [
                (
                    "Deal",
                    [
                        "13 cards each. The other 26 are the <b>stock</b>, face down; turn its top card face up.",
                        "That card's suit is <b>trumps for the whole hand</b>. The non-dealer leads.",
                    ],
                ),
                (
                    "Phase 1: 13 tricks",
                    [
                        "<b>Follow suit if you can</b>; the highest trump wins, else the highest card of the suit led.",
                        "After each trick the <b>winner takes the face-up card</b>, the <b>loser the next card unseen</b>;",
                        "then turn up a new stock card. The winner leads the next trick.",
                    ],
                ),
                (
                    "Phase 2: 13 tricks",
                    [
                        "No stock: play out your hands. The winner of the last phase-1 trick leads.",
                    ],
                ),
                (
                    "Scoring",
                    [
                        "Tricks of both phases count: 14 or more wins and scores tricks − 13; 13–13 is a draw.",
                        "Classic rule (<i>last13</i>): only phase-2 tricks count; the winner scores the difference.",
                    ],
                ),
                (
                    "Tips",
                    [
                        "Fight for good face-up cards; lose on purpose when the card on show is weak.",
                        "Remember the face-up cards your opponent took. Count the trumps: there are 13.",
                    ],
                ),
            ],
            "kowhist_teach · lesson 08",
        ),
        "es": (
            "German Whist",
            "2 jugadores · una baraja de 52 · 26 bazas",
            [
                (
                    "Reparto",
                    [
                        "13 cartas cada uno. Las otras 26 forman el <b>mazo</b>, boca abajo; se voltea la de arriba.",
                        "El palo de esa carta es el <b>triunfo para toda la mano</b>. Sale el que no reparte.",
                    ],
                ),
                (
                    "Fase 1: 13 bazas",
                    [
                        "<b>Sigue el palo si puedes</b>; gana el triunfo más alto, si no la carta más alta del palo salido.",
                        "Tras cada baza el <b>ganador se lleva la carta visible</b> y el <b>perdedor roba la siguiente a ciegas</b>;",
                        "luego se voltea otra carta del mazo. El ganador sale en la baza siguiente.",
                    ],
                ),
                (
                    "Fase 2: 13 bazas",
                    [
                        "Sin mazo: se juegan las manos. Sale el ganador de la última baza de la fase 1.",
                    ],
                ),
                (
                    "Puntuación",
                    [
                        "Cuentan las bazas de las dos fases: 14 o más gana y puntúa bazas − 13; 13–13 es empate.",
                        "Regla clásica (<i>last13</i>): solo cuentan las bazas de la fase 2; el ganador puntúa la diferencia.",
                    ],
                ),
                (
                    "Consejos",
                    [
                        "Lucha por las buenas cartas visibles; pierde a propósito cuando la carta visible es débil.",
                        "Recuerda las cartas visibles que se llevó tu rival. Cuenta los triunfos: hay 13.",
                    ],
                ),
            ],
            "kowhist_teach · lección 08",
        ),
        "fr": (
            "German Whist",
            "2 joueurs · un jeu de 52 cartes · 26 plis",
            [
                (
                    "Donne",
                    [
                        "13 cartes chacun. Les 26 autres forment la <b>pioche</b>, face cachée ; on retourne celle du dessus.",
                        "La couleur de cette carte est <b>l'atout pour toute la donne</b>. Le non-donneur entame.",
                    ],
                ),
                (
                    "Phase 1 : 13 plis",
                    [
                        "<b>Fournissez si vous pouvez</b> ; le plus fort atout gagne, sinon la plus forte carte "
                        "de la couleur entamée.",
                        "Après chaque pli, le <b>gagnant prend la carte visible</b>, le <b>perdant la suivante sans la voir</b> ;",
                        "puis on retourne une nouvelle carte de la pioche. Le gagnant entame le pli suivant.",
                    ],
                ),
                (
                    "Phase 2 : 13 plis",
                    [
                        "Plus de pioche : on joue ses mains. Le gagnant du dernier pli de la phase 1 entame.",
                    ],
                ),
                (
                    "Marque",
                    [
                        "Les plis des deux phases comptent : 14 ou plus gagne et marque plis − 13 ; 13–13 est nul.",
                        "Règle classique (<i>last13</i>) : seuls les plis de la phase 2 comptent ; le gagnant marque la différence.",
                    ],
                ),
                (
                    "Conseils",
                    [
                        "Battez-vous pour les bonnes cartes visibles ; perdez exprès quand la carte visible est faible.",
                        "Retenez les cartes visibles prises par l'adversaire. Comptez les atouts : il y en a 13.",
                    ],
                ),
            ],
            "kowhist_teach · leçon 08",
        ),
    },
}

STYLE = """
@page { size: A4; margin: 14mm; }
body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; font-size: 11.5pt;
       line-height: 1.35; color: #111; max-width: 180mm; margin: 0 auto; }
h1 { font-size: 22pt; margin: 0 0 2pt; } .sub { color: #444; margin: 0 0 10pt; }
h2 { font-size: 13pt; margin: 10pt 0 3pt; border-bottom: 1.5pt solid #0072b2; }
ul { margin: 0; padding-left: 16pt; } li { margin: 1.5pt 0; }
.suits { float: right; font-size: 20pt; } .red { color: #c00; }
footer { margin-top: 12pt; font-size: 8.5pt; color: #666; }
@media print { body { max-width: none; } }
"""


def card_html(game: str, lang: str) -> str:
    """One rules card as a self-contained HTML page."""
    title, subtitle, sections, footer = CARDS[game][lang]
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        '<div class="suits">♠ <span class="red">♥ ♦</span> ♣</div>',
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="sub">{html.escape(subtitle)}</p>',
    ]
    for heading, lines in sections:
        parts.append(f"<h2>{html.escape(heading)}</h2><ul>")
        parts.extend(f"<li>{line}</li>" for line in lines)  # lines hold a little markup
        parts.append("</ul>")
    parts.append(f"<footer>{html.escape(footer)}</footer></body></html>")
    return "\n".join(parts) + "\n"


def build(outdir: Path) -> list[Path]:
    """Write every card into ``outdir``; the paths written."""
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for game, langs in CARDS.items():
        for lang in langs:
            path = outdir / f"{lang}-{game}.html"
            path.write_text(card_html(game, lang), encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("build/cards")
    for written in build(out):
        print(written)
