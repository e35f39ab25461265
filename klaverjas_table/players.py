"""The computer players: legal by construction (they only ever choose among the legal cards the
core gives them) and deterministic for a given random generator.

`BasicPlayer` follows the beginner's tips of seed 001: choose trumps holding the jack or the
nine, draw trumps with the master trump, cash plain aces early, feed points to a partner who
is winning, win cheaply, never hand the other side roem, and keep the stronger card for the
last trick. `StrongPlayer` chooses trumps the same way but plays by sampling the unseen cards
consistently with the play so far (a player who did not follow suit has none of it) and playing
each candidate card out to the end of the deal with the core's fast legality check.

Cards are integers here (suit * 8 + natural rank, as in `klaverjas_core`), hands bit masks.

>>> import random
>>> from klaverjas_core import Card
>>> hand = sum(1 << Card.parse(text).index for text in "J♥ 9♥ 7♥ A♣ 8♦ 9♠ 10♠ Q♠".split())
>>> BasicPlayer().choose_trump(hand, must_name=False, rng=random.Random(1))
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from klaverjas_core import Rank, RuleSet
from klaverjas_core._tables import PLAIN_POWER, POINTS, SUIT_MASKS, TRUMP_POWER, WIN_KEY
from klaverjas_core.cards import card_indices
from klaverjas_core.legality import decide
from klaverjas_core.tricks import roem_of_mask, winner_index

__all__ = ["PLAYERS", "BasicPlayer", "Player", "StrongPlayer", "View"]

FULL_DECK: Final = (1 << 32) - 1
JACK, NINE, ACE = Rank.JACK.value, Rank.NINE.value, Rank.ACE.value
LAST_TRICK_BONUS: Final = 10
PIT_BONUS: Final = 100
DEAL_POINTS: Final = 162


@dataclass(frozen=True, slots=True)
class View:
    """What one seat knows when it is to play: its hand, the trick so far, the tricks before."""

    seat: int
    hand: int  # mask of the cards in hand
    trick: tuple[int, ...]  # the cards of the current trick, in play order
    leader: int  # the seat that led the current trick
    history: tuple[tuple[int, tuple[int, ...]], ...]  # finished tricks: (leader, four cards)
    trump: int
    choosers: int  # the pair that chose trumps
    rules: RuleSet

    @property
    def seen(self) -> int:
        """Every card already played, in finished tricks and this one."""
        mask = 0
        for _, cards in self.history:
            for card in cards:
                mask |= 1 << card
        for card in self.trick:
            mask |= 1 << card
        return mask

    @property
    def unseen(self) -> int:
        """The cards the other three hold between them."""
        return FULL_DECK & ~(self.seen | self.hand)


class Player(Protocol):
    """A computer player: names trumps or passes (None), and picks one of the legal cards."""

    name: str

    def choose_trump(self, hand: int, *, must_name: bool, rng: random.Random) -> int | None: ...

    def play(self, view: View, legal: int, rng: random.Random) -> int: ...


cards_of = card_indices  # the card indices in a mask, lowest first


def _trump_power(card: int) -> int:
    return TRUMP_POWER[card & 7]


def _key(card: int, trick: Sequence[int], trump: int) -> int:
    """How strongly `card` competes in `trick` (a trick whose first card fixes the suit led)."""
    return WIN_KEY[(trump * 4 + (trick[0] >> 3)) * 32 + card]


def _beats(card: int, trick: Sequence[int], trump: int) -> bool:
    """Would `card`, played now, win the trick so far?"""
    return winner_index((*trick, card), trump) == len(trick)


def _points(card: int, trump: int) -> int:
    return POINTS[trump * 32 + card]


def trump_strength(hand: int, suit: int) -> int:
    """A rough worth of `suit` as trumps for this hand: its high trumps, its length, stuk."""
    ranks = hand >> (suit * 8) & 0xFF
    strength = sum(_points(suit * 8 + rank, suit) for rank in range(8) if ranks >> rank & 1)
    strength += 6 * ranks.bit_count()  # length: every trump can take a trick
    if ranks >> Rank.KING.value & 1 and ranks >> Rank.QUEEN.value & 1:
        strength += 10  # stuk
    return strength


class BasicPlayer:
    """The beginner's tips of seed 001, as a player."""

    name = "basic"

    def choose_trump(self, hand: int, *, must_name: bool, rng: random.Random) -> int | None:
        """Name the strongest suit that holds the jack with two more cards, the jack and the
        nine, or the nine with the ace and another; pass without one, unless the rules say this
        player must name."""
        del rng  # the choice follows from the hand alone
        strengths = {suit: trump_strength(hand, suit) for suit in range(4)}
        qualifying = []
        for suit in range(4):
            ranks = hand >> (suit * 8) & 0xFF
            jack, nine, ace = ranks >> JACK & 1, ranks >> NINE & 1, ranks >> ACE & 1
            length = ranks.bit_count()
            if (jack and (nine or length >= 3)) or (nine and ace and length >= 3):
                qualifying.append(suit)
        if qualifying:
            return max(qualifying, key=lambda suit: (strengths[suit], suit))
        if must_name:
            return max(range(4), key=lambda suit: (strengths[suit], suit))
        return None

    def play(self, view: View, legal: int, rng: random.Random) -> int:
        del rng  # a given position always gets the same card
        cards = cards_of(legal)
        if len(cards) == 1:
            return cards[0]
        if not view.trick:
            return self._lead(view, cards)
        return self._follow(view, cards)

    def _lead(self, view: View, cards: list[int]) -> int:
        trump = view.trump
        unseen = view.unseen
        trumps = [card for card in cards if card >> 3 == trump]
        outstanding_trumps = unseen & SUIT_MASKS[trump]
        if view.seat % 2 == view.choosers and trumps and outstanding_trumps:
            top = max(trumps, key=_trump_power)
            if _tops(top, outstanding_trumps):
                return top  # draw the other side's trumps with the master trump
        plain = [card for card in cards if card >> 3 != trump]
        masters = [card for card in plain if _is_plain_master(card, unseen)]
        if masters:
            return max(masters, key=lambda card: (_points(card, trump), card))  # aces first
        if plain:
            lengths = {suit: (view.hand & SUIT_MASKS[suit]).bit_count() for suit in range(4)}
            return min(plain, key=lambda card: (-lengths[card >> 3], _points(card, trump), card))
        return min(trumps, key=_trump_power)

    def _follow(self, view: View, cards: list[int]) -> int:
        trick, trump = view.trick, view.trump
        winning = winner_index(trick, trump)
        partner_winning = len(trick) - winning == 2
        last = len(trick) == 3
        if partner_winning and (last or _likely_holds(view, trick[winning])):
            return _feed(view, cards)
        winners = [card for card in cards if _beats(card, trick, trump)]
        if winners:
            if last:
                plain = [card for card in winners if card >> 3 != trump]
                if plain:
                    return max(plain, key=lambda card: (_points(card, trump), card))
                return min(winners, key=_trump_power)  # the cheapest trump that wins
            sure = [card for card in winners if _likely_holds(view, card)]
            if sure:
                return min(sure, key=lambda card: (_key(card, trick, trump), card))
            trick_points = sum(_points(card, trump) for card in trick)
            trumping = [card for card in winners if card >> 3 == trump]
            if trumping and trick_points >= 10:
                return min(trumping, key=_trump_power)
        return _discard(view, cards)


def _tops(trump_card: int, trumps: int) -> bool:
    """`trump_card` beats every trump in the mask `trumps`."""
    return all(_trump_power(trump_card) > _trump_power(other) for other in cards_of(trumps))


def _is_plain_master(card: int, unseen: int) -> bool:
    """No card still out beats `card` in its own suit (plain order)."""
    power = PLAIN_POWER[card & 7]
    return all(PLAIN_POWER[other & 7] < power for other in cards_of(unseen & SUIT_MASKS[card >> 3]))


def _likely_holds(view: View, card: int) -> bool:
    """Will `card` probably win the trick? A trump holds when no higher trump is out; a plain
    card when nothing higher in its suit is out and the suit has not gone round before (so the
    players after it probably still follow)."""
    trump, unseen = view.trump, view.unseen
    if card >> 3 == trump:
        return _tops(card, unseen & SUIT_MASKS[trump])
    led = view.trick[0] >> 3
    if card >> 3 != led:
        return False
    if any(played >> 3 == trump for played in view.trick):
        return False  # trumped: a plain card no longer wins
    if not _is_plain_master(card, unseen):
        return False
    rounds = sum(1 for _, cards in view.history if cards[0] >> 3 == led)
    return rounds == 0 or not unseen & SUIT_MASKS[trump]


def _feed(view: View, cards: list[int]) -> int:
    """Give a winning partner the most points (and any roem), keeping trumps if possible."""
    trump, mask = view.trump, _mask(view.trick)
    plain = [card for card in cards if card >> 3 != trump] or cards
    return max(
        plain,
        key=lambda card: (
            _roem_added(mask, card, view),
            -_trump_power(card) if card >> 3 == trump else _points(card, trump),
            card,
        ),
    )


def _discard(view: View, cards: list[int]) -> int:
    """The card that costs least: no roem for the other side, few points; with two cards left,
    keep the one more likely to take the last trick."""
    trump, mask = view.trump, _mask(view.trick)
    keep_last = view.hand.bit_count() == 2
    return min(
        cards,
        key=lambda card: (
            _roem_added(mask, card, view),
            _strength(card, trump) if keep_last else 0,
            _points(card, trump),
            _strength(card, trump),
            card,
        ),
    )


def _strength(card: int, trump: int) -> int:
    """Trumps above every plain card; within each, the trick-taking order."""
    return 16 + _trump_power(card) if card >> 3 == trump else PLAIN_POWER[card & 7]


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _roem_added(mask: int, card: int, view: View) -> int:
    """The roem `card` would add to the trick's cards so far."""
    if not mask:
        return 0
    return roem_of_mask(mask | 1 << card, view.trump, view.rules) - roem_of_mask(
        mask, view.trump, view.rules
    )


# --- the stronger player ---------------------------------------------------------------------


class StrongPlayer:
    """Plays each legal card out against sampled deals of the unseen cards and keeps the one
    with the best average result for its pair (the deal's written score, nat included)."""

    name = "strong"

    def __init__(self, samples: int = 32) -> None:
        self.samples = samples
        self._basic = BasicPlayer()

    def choose_trump(self, hand: int, *, must_name: bool, rng: random.Random) -> int | None:
        return self._basic.choose_trump(hand, must_name=must_name, rng=rng)

    def play(self, view: View, legal: int, rng: random.Random) -> int:
        cards = cards_of(legal)
        if len(cards) == 1:
            return cards[0]
        values = card_values(view, legal, rng, self.samples)
        return max(cards, key=lambda card: (values[card], -card))


def card_values(view: View, candidates: int, rng: random.Random, samples: int) -> dict[int, float]:
    """Each candidate card's average written-score margin for the view's pair (its pair's score
    minus the other's), over `samples` deals of the unseen cards consistent with the play so
    far; every candidate is played out on the same deals with the same random choices."""
    cards = cards_of(candidates)
    voids = _voids(view)
    worlds = [(_sample_hands(view, voids, rng), rng.getrandbits(32)) for _ in range(samples)]
    past = _past_totals(view)
    totals = dict.fromkeys(cards, 0)
    for hands, seed in worlds:
        for card in cards:
            # The same world and the same random choices for every candidate card.
            totals[card] += _play_out(view, hands, card, past, random.Random(seed))
    return {card: total / samples for card, total in totals.items()}


def _voids(view: View) -> list[int]:
    """Per seat, the suits it has shown it holds none of."""
    voids = [0, 0, 0, 0]
    trump, exemption = view.trump, view.rules.partner_exemption
    tricks = [*view.history, (view.leader, view.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0] >> 3
        for position in range(1, len(cards)):
            card, seat = cards[position], (leader + position) % 4
            if card >> 3 == led:
                continue
            voids[seat] |= SUIT_MASKS[led]
            if card >> 3 != trump and led != trump:
                before = cards[:position]
                partner_winning = position - winner_index(before, trump) == 2
                has_trump = any(c >> 3 == trump for c in before)
                if not has_trump and not (exemption and partner_winning):
                    voids[seat] |= SUIT_MASKS[trump]  # it had to trump and did not
                if not exemption:
                    voids[seat] |= SUIT_MASKS[trump]  # Rotterdam: any trump was a must
    return voids


def _sample_hands(view: View, voids: list[int], rng: random.Random) -> list[int]:
    """The unseen cards dealt to the other three seats: as many as each still holds, none of a
    suit it has shown void in (a few tries, then without that knowledge)."""
    counts = [8 - len(view.history)] * 4
    for position in range(len(view.trick)):
        counts[(view.leader + position) % 4] -= 1
    others = [seat for seat in range(4) if seat != view.seat]
    unseen = cards_of(view.unseen)
    for attempt in range(12):
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[view.seat] = view.hand
        room = {seat: counts[seat] for seat in others}
        use_voids = attempt < 11
        placed = True
        # The most constrained cards first: those only few seats may hold.
        for card in sorted(unseen, key=lambda c: sum(1 for s in others if voids[s] >> c & 1)):
            allowed = [s for s in others if room[s] and not (use_voids and voids[s] >> card & 1)]
            if not allowed:
                placed = False
                break
            seat = allowed[rng.randrange(len(allowed))]
            hands[seat] |= 1 << card
            room[seat] -= 1
        if placed:
            return hands
    raise AssertionError("the unseen cards always fit the seats' counts without voids")


def _past_totals(view: View) -> tuple[list[int], list[int], list[int]]:
    """Card points, roem and tricks each pair has taken in the finished tricks."""
    points, roem, won = [0, 0], [0, 0], [0, 0]
    for leader, cards in view.history:
        pair = (leader + winner_index(cards, view.trump)) % 2
        points[pair] += sum(_points(card, view.trump) for card in cards)
        roem[pair] += roem_of_mask(_mask(cards), view.trump, view.rules)
        won[pair] += 1
    return points, roem, won


def _play_out(
    view: View,
    dealt: list[int],
    card: int,
    past: tuple[list[int], list[int], list[int]],
    rng: random.Random,
) -> int:
    """Play `card`, then every remaining card by a quick greedy policy; the deal's written
    score (as RULES.md settles it, all roem declared) for the view's pair minus the other's."""
    trump, rules, exemption = view.trump, view.rules, view.rules.partner_exemption
    hands = list(dealt)
    points, roem, won = list(past[0]), list(past[1]), list(past[2])
    trick = [*view.trick, card]
    hands[view.seat] &= ~(1 << card)
    leader = view.leader
    for number in range(len(view.history), 8):
        while len(trick) < 4:
            seat = (leader + len(trick)) % 4
            legal = decide(hands[seat], trick, trump, exemption)[1]
            chosen = _greedy(legal, trick, trump, rng)
            hands[seat] &= ~(1 << chosen)
            trick.append(chosen)
        winner = (leader + winner_index(trick, trump)) % 4
        pair = winner % 2
        points[pair] += sum(POINTS[trump * 32 + c] for c in trick)
        roem[pair] += roem_of_mask(_mask(trick), trump, rules)
        won[pair] += 1
        if number == 7:
            points[pair] += LAST_TRICK_BONUS
        leader, trick = winner, []
    totals = [points[pair] + roem[pair] + PIT_BONUS * (won[pair] == 8) for pair in (0, 1)]
    choosers, defenders = view.choosers, 1 - view.choosers
    if totals[choosers] <= totals[defenders]:  # nat: the defenders take everything
        totals[choosers] = 0
        totals[defenders] = DEAL_POINTS + roem[0] + roem[1] + PIT_BONUS * (won[defenders] == 8)
    mine = view.seat % 2
    return totals[mine] - totals[1 - mine]


def _greedy(legal: int, trick: list[int], trump: int, rng: random.Random) -> int:
    """The play-out policy: lead at random; feed a winning partner; else win as cheaply as
    possible, or throw the cheapest card."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    cards = cards_of(legal)
    if not trick:
        return cards[rng.randrange(len(cards))]
    base = (trump * 4 + (trick[0] >> 3)) * 32
    best_position = winner_index(trick, trump)
    if len(trick) - best_position == 2:  # the partner is winning
        return max(cards, key=lambda c: POINTS[trump * 32 + c])
    best = WIN_KEY[base + trick[best_position]]
    winners = [c for c in cards if WIN_KEY[base + c] > best]
    if winners:
        return min(winners, key=lambda c: WIN_KEY[base + c])
    return min(cards, key=lambda c: POINTS[trump * 32 + c])


#: The computer players by level, as the table and the settings name them.
PLAYERS: Final[dict[str, type[BasicPlayer] | type[StrongPlayer]]] = {
    "basic": BasicPlayer,
    "strong": StrongPlayer,
}
