"""Suits, ranks, the 32 cards, and an immutable set of cards stored as a 32-bit mask.

A card's index is ``suit * 8 + rank``, with ranks in their natural order 7 8 9 10 J Q K A, so
the cards of one suit are eight neighbouring bits and a run (7-8-9) is three neighbouring bits.

>>> card = Card(Suit.HEARTS, Rank.TEN)
>>> str(card), card.letters()
('10♥', 'TH')
>>> Card.parse("jc") is Card(Suit.CLUBS, Rank.JACK)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Final

from klaverjas_core.errors import DuplicateCardError, NotationError

__all__ = [
    "DECK",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_indices",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Suit(Enum):
    """The four suits; the value is the suit's position in the deck (0-3)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def letter(self) -> str:
        """``C D H S``."""
        return _SUIT_LETTERS[self.value]

    @property
    def dutch(self) -> str:
        """The Dutch name: klaveren, ruiten, harten, schoppen."""
        return _SUIT_DUTCH[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mask(self) -> int:
        """The bits of this suit's eight cards."""
        return 0xFF << (8 * self.value)

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """A suit from its symbol, letter or English name (case-insensitive).

        >>> Suit.parse("h"), Suit.parse("♠"), Suit.parse("Clubs")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>, <Suit.CLUBS: 0>)
        """
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise NotationError(f"`{text!r}` is not a suit (expected ♣ ♦ ♥ ♠ or C D H S)")
        suit = _SUIT_BY_TOKEN.get(_clean(text).upper())
        if suit is None:
            raise NotationError(f"`{text}` is not a suit (expected ♣ ♦ ♥ ♠ or C D H S)")
        return suit


class Rank(Enum):
    """The eight ranks; the value is the natural order used for runs (7=0 ... A=7)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def symbol(self) -> str:
        """``7 8 9 10 J Q K A``."""
        return _RANK_SYMBOLS[self.value]

    @property
    def letter(self) -> str:
        """``7 8 9 T J Q K A``: one character each."""
        return _RANK_LETTERS[self.value]

    @property
    def trump_points(self) -> int:
        """Card points of this rank in the trump suit (J 20, 9 14, A 11, 10 10, K 4, Q 3)."""
        return TRUMP_POINTS[self]

    @property
    def plain_points(self) -> int:
        """Card points of this rank outside trumps (A 11, 10 10, K 4, Q 3, J 2)."""
        return PLAIN_POINTS[self]

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
_SUIT_LETTERS: Final = ("C", "D", "H", "S")
_SUIT_DUTCH: Final = ("klaveren", "ruiten", "harten", "schoppen")
_RANK_SYMBOLS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_LETTERS: Final = ("7", "8", "9", "T", "J", "Q", "K", "A")

#: Strongest first.
TRUMP_ORDER: Final = (
    Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
#: Strongest first.
PLAIN_ORDER: Final = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
TRUMP_POINTS: Final[dict[Rank, int]] = {
    Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
    Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0,
}  # fmt: skip
PLAIN_POINTS: Final[dict[Rank, int]] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}  # fmt: skip

_VARIATION_SELECTOR = "\ufe0f"
_SUIT_BY_TOKEN: Final[dict[str, Suit]] = {}
for _suit in Suit:
    _SUIT_BY_TOKEN[_suit.symbol] = _suit
    _SUIT_BY_TOKEN[_suit.letter] = _suit
    _SUIT_BY_TOKEN[_suit.name] = _suit
for _white, _suit in zip("♧♢♡♤", Suit, strict=True):
    _SUIT_BY_TOKEN[_white] = _suit
#: How each language writes the ranks on cards (jack, queen, king, ace differ): Dutch boer
#: vrouw heer aas, Ukrainian and Russian валет дама король туз. A card is read back in the
#: language it was written in (`Card.parse`).
RANK_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": _RANK_SYMBOLS,
    "nl": ("7", "8", "9", "10", "B", "V", "H", "A"),
    "uk": ("7", "8", "9", "10", "В", "Д", "К", "Т"),
    "ru": ("7", "8", "9", "10", "В", "Д", "К", "Т"),
}


def _rank_tokens(names: tuple[str, ...]) -> dict[str, Rank]:
    """How a rank may be written in one language: the canonical symbols and letters (``10``,
    ``T``, ``J``: what files store), and that language's own. A letter of its own that is
    another rank's canonical one would be read two ways, so it is refused here, at import."""
    canonical = {r.symbol: r for r in Rank} | {r.letter: r for r in Rank}
    own = {names[r.value].upper(): r for r in Rank}
    clashes = sorted(token for token, rank in own.items() if canonical.get(token, rank) is not rank)
    if clashes:
        raise ValueError(f"rank letters {clashes} would be read as two ranks")
    return canonical | own


#: Per language, every way it writes a rank: a card is read in one language, never in a
#: mixture (French V for valet must not meet Dutch V for vrouw).
_RANK_BY_TOKEN: Final[dict[str, dict[str, Rank]]] = {
    language: _rank_tokens(names) for language, names in RANK_NAMES.items()
}


def _clean(text: str) -> str:
    return text.strip().replace(_VARIATION_SELECTOR, "")


class Card:
    """One of the 32 cards. There is exactly one object per card, so ``is`` and ``==`` agree.

    >>> Card(Suit.SPADES, Rank.ACE)
    Card(Suit.SPADES, Rank.ACE)
    >>> sorted(parse_cards("A♣ 7♣ 10♥"))
    [Card(Suit.CLUBS, Rank.SEVEN), Card(Suit.CLUBS, Rank.ACE), Card(Suit.HEARTS, Rank.TEN)]
    """

    __slots__ = ("bit", "index", "rank", "suit")

    suit: Suit
    rank: Rank
    index: int
    bit: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        if not isinstance(suit, Suit) or not isinstance(rank, Rank):
            raise TypeError(f"Card needs a Suit and a Rank, got {suit!r} and {rank!r}")
        return _ALL_CARDS[suit.value * 8 + rank.value]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index >> 3))
        object.__setattr__(card, "rank", Rank(index & 7))
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0-31)."""
        if not 0 <= index < 32:
            raise ValueError(f"card index {index} is outside 0-31")
        return _ALL_CARDS[index]

    @staticmethod
    def parse(text: str, language: str = "en") -> Card:
        """One card from ``10♥``, ``TH`` or ``10h`` (case-insensitive), also with the rank
        letters of `language`: Dutch ``B♥`` (boer), Ukrainian or Russian ``В♥`` (валет). An
        error names the ranks as `language` writes them."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not card notation (write a card like 10♥)")
        token = _clean(text).upper()
        rank = _RANK_BY_TOKEN.get(language, _RANK_BY_TOKEN["en"]).get(token[:-1])
        suit = _SUIT_BY_TOKEN.get(token[-1:])
        if rank is None or suit is None or not token:
            ranks = " ".join(RANK_NAMES.get(language, _RANK_SYMBOLS))
            example = RANK_NAMES.get(language, _RANK_SYMBOLS)[4] + "♥"
            raise NotationError(
                f"`{text.strip()}` is not a card "
                f"(write a rank {ranks}, then a suit ♣ ♦ ♥ ♠ or C D H S, e.g. 10♥ or {example})"
            )
        return _ALL_CARDS[suit.value * 8 + rank.value]

    def letters(self) -> str:
        """The two-letter form, e.g. ``TH`` for the ten of hearts."""
        return self.rank.letter + self.suit.letter

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card(Suit.{self.suit.name}, Rank.{self.rank.name})"


_ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(32))
#: The 32 cards in index order (clubs 7 ... spades A).
DECK: Final = _ALL_CARDS


def parse_card(text: str, language: str = "en") -> Card:
    """One card; see `Card.parse`."""
    return Card.parse(text, language)


def parse_cards(text: str, language: str = "en") -> list[Card]:
    """Cards separated by spaces or commas, in the order written; duplicates are an error.

    >>> [str(c) for c in parse_cards("10♥ JC, 7d")]
    ['10♥', 'J♣', '7♦']
    >>> parse_cards("A♣ 1X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    klaverjas_core.errors.NotationError: `1X` is not a card (write a rank 7 8 9 10 J Q K A, ...)
    >>> format_cards(parse_cards("B♥ V♠ A♣", language="nl"))
    'J♥ Q♠ A♣'
    >>> format_cards(parse_cards("В♥ Д♠ Т♣ TH", language="uk"))  # Cyrillic Т is the ace
    'J♥ Q♠ A♣ 10♥'
    >>> parse_cards("B♥ X♣", language="nl")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    klaverjas_core.errors.NotationError: `X♣` is not a card (write a rank 7 8 9 10 B V H A, ...)
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not card notation (write cards like 10♥ J♣)")
    cards = [Card.parse(token, language) for token in text.replace(",", " ").split()]
    _require_unique(cards)
    return cards


def cards_of(value: object, what: str = "cards") -> list[Card]:
    """Cards given as notation text or as `Card` objects; anything else is a `NotationError`
    naming `what` it should have been (every public function reads cards through this)."""
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, list | tuple | CardSet):
        found = list(value)
        for card in found:
            if not isinstance(card, Card):
                raise NotationError(
                    f"{card!r} in the {what} is not a Card (parse text with parse_cards)"
                )
        return found
    raise NotationError(f"the {what} must be cards like 10♥ J♣, got {value!r}")


def format_cards(cards: Iterable[Card], *, letters: bool = False, sep: str = " ") -> str:
    """The inverse of `parse_cards`: ``10♥ J♣``, or ``TH JC`` with ``letters=True``."""
    return sep.join(card.letters() if letters else str(card) for card in cards)


def _require_unique(cards: Iterable[Card]) -> None:
    seen = 0
    for card in cards:
        if seen & card.bit:
            raise DuplicateCardError(f"{card} appears twice")
        seen |= card.bit


class CardSet:
    """An immutable set of cards stored as a 32-bit mask; iterates in deck order.

    >>> hand = CardSet.parse("Q♥ 7♦ A♣")
    >>> len(hand), Card.parse("7♦") in hand
    (3, True)
    >>> str(hand.of_suit(Suit.HEARTS) | CardSet.parse("J♠"))
    'Q♥ J♠'
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        for card in cards:
            if mask & card.bit:
                raise DuplicateCardError(f"{card} appears twice")
            mask |= card.bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bit ``i`` is card index ``i``."""
        if not 0 <= mask <= 0xFFFFFFFF:
            raise ValueError(f"{mask:#x} is not a 32-bit card mask")
        result = object.__new__(cls)
        object.__setattr__(result, "mask", mask)
        return result

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return cls(parse_cards(text))

    def of_suit(self, suit: Suit) -> CardSet:
        return CardSet.from_mask(self.mask & suit.mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield _ALL_CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"CardSet.parse({format_cards(self, letters=True)!r})"


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some cards (duplicates are the caller's concern)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def card_indices(mask: int) -> list[int]:
    """The card indices (`Card.index`) set in a card mask, lowest first.

    >>> card_indices(0b1010_0001)
    [0, 5, 7]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
